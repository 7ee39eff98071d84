package org.spatiallsm.asterixdb.lang;

import java.util.List;

import org.apache.asterix.algebra.base.ILangExtension;
import org.apache.asterix.common.api.ExtensionId;
import org.apache.asterix.compiler.provider.ILangCompilationProvider;
import org.apache.asterix.compiler.provider.SqlppCompilationProvider;
import org.apache.asterix.lang.common.base.IParserFactory;
import org.apache.hyracks.algebricks.common.utils.Pair;
import org.spatiallsm.sqlpp.SpatialSqlppParserFactory;

/** Makes SQL++ on the CC and the NCs use spatial-lsm's parser; everything after parsing is stock. */
public class SpatialLangExtension implements ILangExtension {

    public static final ExtensionId ID = new ExtensionId("spatial-lsm-sqlpp", 1);

    @Override
    public ExtensionId getId() {
        return ID;
    }

    @Override
    public void configure(List<Pair<String, String>> args) {
        // 0.9.8 always passes an empty list; nothing to configure.
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
