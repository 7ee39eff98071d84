package org.spatiallsm.asterixdb.lang;


import org.apache.asterix.algebra.base.ILangExtension;
import org.apache.asterix.compiler.provider.ILangCompilationProvider;
import org.apache.asterix.compiler.provider.SqlppCompilationProvider;
import org.apache.asterix.lang.common.base.IParserFactory;
import org.spatiallsm.asterixdb.app.SpatialLsmExtension;
import org.spatiallsm.sqlpp.SpatialSqlppParserFactory;

/** Makes SQL++ on the CC and the NCs use spatial-lsm's parser; everything after parsing is stock. */
public class SpatialLangExtension extends SpatialLsmExtension implements ILangExtension {

    public SpatialLangExtension() {
        super("spatial-lsm-sqlpp");
    }

    @Override
    public ILangCompilationProvider getLangCompilationProvider(Language language) {
        return language == Language.SQLPP ? new SpatialSqlppCompilationProvider() : null;
    }

    private static final class SpatialSqlppCompilationProvider extends SqlppCompilationProvider {
        @Override
        public IParserFactory getParserFactory() {
            return new SpatialSqlppParserFactory();
        }
    }
}
