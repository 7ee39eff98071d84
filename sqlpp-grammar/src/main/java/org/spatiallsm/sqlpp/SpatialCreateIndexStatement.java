package org.spatiallsm.sqlpp;

import java.util.List;
import java.util.Map;

import org.apache.asterix.common.config.DatasetConfig.IndexType;
import org.apache.asterix.common.exceptions.CompilationException;
import org.apache.asterix.common.metadata.DataverseName;
import org.apache.asterix.lang.common.expression.RecordConstructor;
import org.apache.asterix.lang.common.statement.CreateIndexStatement;
import org.apache.asterix.lang.common.struct.Identifier;
import org.apache.asterix.lang.sqlpp.parser.SqlppParseException;
import org.apache.hyracks.api.exceptions.SourceLocation;
import org.spatiallsm.storage.IndexStorageOptions;
import org.spatiallsm.storage.StorageOptionsParser;

/**
 * {@code CREATE INDEX ... WITH {...}}: a stock index statement that also carries the index's own storage options.
 * Its kind stays CREATE_INDEX, so AsterixDB handles it as any index; our statement executor reads the options.
 */
public final class SpatialCreateIndexStatement extends CreateIndexStatement {

    private final IndexStorageOptions storageOptions;

    private SpatialCreateIndexStatement(IndexStorageOptions storageOptions, DataverseName dataverseName,
            Identifier datasetName, Identifier indexName, IndexType indexType, List<IndexedElement> indexedElements,
            boolean enforced, int gramLength, String fullTextConfigName, boolean ifNotExists,
            Boolean excludeUnknownKey, Boolean castDefaultNull, Map<String, String> castConfig) {
        super(dataverseName, datasetName, indexName, indexType, indexedElements, enforced, gramLength,
                fullTextConfigName, ifNotExists, excludeUnknownKey, castDefaultNull, castConfig);
        this.storageOptions = storageOptions;
    }

    /**
     * Called by the generated parser where the stock grammar constructs the statement; rejects invalid options
     * before anything runs.
     */
    public static CreateIndexStatement create(SourceLocation location, RecordConstructor withRecord,
            DataverseName dataverseName, Identifier datasetName, Identifier indexName, IndexType indexType,
            List<IndexedElement> indexedElements, boolean enforced, int gramLength, String fullTextConfigName,
            boolean ifNotExists, Boolean excludeUnknownKey, Boolean castDefaultNull, Map<String, String> castConfig)
            throws SqlppParseException {
        IndexStorageOptions options = IndexStorageOptions.NONE;
        if (withRecord != null) {
            try {
                options = StorageOptionsParser.indexOptions(WithRecords.toMap(withRecord), indexType.name());
            } catch (CompilationException | IllegalArgumentException e) {
                throw new SqlppParseException(location, "index " + indexName + ": " + e.getMessage());
            }
        }
        return new SpatialCreateIndexStatement(options, dataverseName, datasetName, indexName, indexType,
                indexedElements, enforced, gramLength, fullTextConfigName, ifNotExists, excludeUnknownKey,
                castDefaultNull, castConfig);
    }

    public IndexStorageOptions storageOptions() {
        return storageOptions;
    }
}
