package org.spatiallsm.sqlpp;

import java.io.Reader;

import org.apache.asterix.lang.common.base.IParser;
import org.apache.asterix.lang.common.base.IParserFactory;
import org.apache.asterix.lang.sqlpp.parser.SqlppParserFactory;
import org.spatiallsm.sqlpp.parser.SpatialSqlppParser;

/** Creates spatial-lsm's SQL++ parser: the stock language plus our storage options. */
public final class SpatialSqlppParserFactory implements IParserFactory {

    @Override
    public IParser createParser(String query) {
        return new SpatialSqlppParser(query);
    }

    @Override
    public IParser createParser(Reader reader) {
        return new SpatialSqlppParser(reader);
    }

    /** Still SQL++: AsterixDB stores this name with every SQL++ function, and ours must read back stock ones. */
    @Override
    public String getLanguage() {
        return SqlppParserFactory.SQLPP;
    }
}
