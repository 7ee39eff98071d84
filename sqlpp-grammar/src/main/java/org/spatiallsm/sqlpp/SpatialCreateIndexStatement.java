package org.spatiallsm.sqlpp;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.asterix.common.config.DatasetConfig.IndexType;
import org.apache.asterix.common.exceptions.CompilationException;
import org.apache.asterix.common.metadata.DataverseName;
import org.apache.asterix.lang.common.expression.RecordConstructor;
import org.apache.asterix.lang.common.statement.CreateIndexStatement;
import org.apache.asterix.lang.common.struct.Identifier;
import org.apache.asterix.lang.sqlpp.parser.SqlppParseException;
import org.spatiallsm.storage.IndexOrganisation;
import org.spatiallsm.storage.IndexStorageOptions;
import org.spatiallsm.storage.OrganisationTypes;
import org.spatiallsm.storage.StorageOptionsParser;

/**
 * {@code CREATE INDEX ... [TYPE DHVBTREE | ...] [WITH {...}]}: a stock index statement that also carries the index's
 * own storage options, its organisation among them (the statement's type is then RTREE). Its kind stays
 * CREATE_INDEX, so AsterixDB handles it as any index; our statement executor reads the options.
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
     * before anything runs, with a plain one-line error (not a syntax error).
     *
     * @param organisationType the name after TYPE when it is not a stock index type ({@code DHVBTREE}, ...), else
     *                         null; {@code indexType} is then RTREE, the logical type the organisation stands behind
     * @param organisationArguments its parameters as written, null without parentheses
     */
    public static CreateIndexStatement create(RecordConstructor withRecord,
            String organisationType, List<String> organisationArguments, DataverseName dataverseName,
            Identifier datasetName, Identifier indexName, IndexType indexType,
            List<IndexedElement> indexedElements, boolean enforced, int gramLength, String fullTextConfigName,
            boolean ifNotExists, Boolean excludeUnknownKey, Boolean castDefaultNull, Map<String, String> castConfig)
            throws SqlppParseException {
        IndexStorageOptions options;
        try {
            Optional<IndexOrganisation> organisation = organisationType == null ? Optional.empty()
                    : Optional.of(OrganisationTypes.fromDdl(organisationType, organisationArguments));
            Map<String, Object> with = Map.of();
            if (withRecord != null) {
                WithRecords.requireUniqueKeys(withRecord);
                with = WithRecords.toMap(withRecord);
            }
            options = StorageOptionsParser.indexOptions(with, indexType.name(), organisation);
        } catch (CompilationException | IllegalArgumentException e) {
            throw OptionErrors.invalid("index " + indexName + ": " + e.getMessage());
        }
        return new SpatialCreateIndexStatement(options, dataverseName, datasetName, indexName, indexType,
                indexedElements, enforced, gramLength, fullTextConfigName, ifNotExists, excludeUnknownKey,
                castDefaultNull, castConfig);
    }

    public IndexStorageOptions storageOptions() {
        return storageOptions;
    }
}
