package org.spatiallsm.sqlpp;

import java.util.Map;

import org.apache.asterix.common.config.DatasetConfig.DatasetType;
import org.apache.asterix.common.exceptions.CompilationException;
import org.apache.asterix.common.metadata.DataverseName;
import org.apache.asterix.lang.common.expression.RecordConstructor;
import org.apache.asterix.lang.common.expression.TypeExpression;
import org.apache.asterix.lang.common.statement.DatasetDecl;
import org.apache.asterix.lang.common.statement.IDatasetDetailsDecl;
import org.apache.asterix.lang.common.struct.Identifier;
import org.apache.asterix.lang.sqlpp.parser.SqlppParseException;
import org.spatiallsm.storage.MergePolicyChoice;
import org.spatiallsm.storage.StorageOptionsParser;

/**
 * {@code CREATE DATASET} whose WITH clause names a merge policy that is not one of AsterixDB's stock policies: one of
 * spatial-lsm's, or a name nobody knows. AsterixDB's declaration validates WITH against a closed type that knows
 * only its own seven parameter names, and would blame the parameters of a misspelled name; this one hands AsterixDB
 * the rest of the record and answers for the merge policy itself, with our validated parameters (natural names,
 * defaults filled in) or a one-line error listing the known policies. Any other WITH is AsterixDB's, untouched.
 */
public final class SpatialDatasetDecl extends DatasetDecl {

    private final MergePolicyChoice mergePolicy;

    private SpatialDatasetDecl(DataverseName dataverse, Identifier name, TypeExpression itemType,
            TypeExpression metaItemType, Map<String, String> hints, DatasetType datasetType, IDatasetDetailsDecl idd,
            RecordConstructor stockWith, boolean ifNotExists, MergePolicyChoice mergePolicy)
            throws CompilationException {
        super(dataverse, name, itemType, metaItemType, hints, datasetType, idd, stockWith, ifNotExists);
        this.mergePolicy = mergePolicy;
    }

    /**
     * Called by the generated parser where the stock grammar constructs an internal dataset's declaration. Errors in
     * the WITH record, ours and AsterixDB's, leave as plain one-line errors rather than syntax errors.
     */
    public static DatasetDecl internal(DataverseName dataverse, Identifier name, TypeExpression itemType,
            TypeExpression metaItemType, Map<String, String> hints, DatasetType datasetType, IDatasetDetailsDecl idd,
            RecordConstructor withRecord, boolean ifNotExists) throws SqlppParseException {
        try {
            Map<String, Object> with = withRecord == null ? Map.of() : WithRecords.toMap(withRecord);
            if (!StorageOptionsParser.answersForDatasetMergePolicy(with)) {
                return new DatasetDecl(dataverse, name, itemType, metaItemType, hints, datasetType, idd, withRecord,
                        ifNotExists);
            }
            WithRecords.requireUniqueKeys(withRecord);
            MergePolicyChoice policy = StorageOptionsParser.datasetMergePolicy(with);
            return new SpatialDatasetDecl(dataverse, name, itemType, metaItemType, hints, datasetType, idd,
                    WithRecords.without(withRecord, StorageOptionsParser.MERGE_POLICY), ifNotExists, policy);
        } catch (IllegalArgumentException e) {
            throw OptionErrors.invalid(e.getMessage());
        } catch (CompilationException e) {
            throw OptionErrors.stock(e);
        }
    }

    @Override
    public String getCompactionPolicy() {
        return mergePolicy.name();
    }

    @Override
    public Map<String, String> getCompactionPolicyProperties() {
        return mergePolicy.parameters();
    }
}
