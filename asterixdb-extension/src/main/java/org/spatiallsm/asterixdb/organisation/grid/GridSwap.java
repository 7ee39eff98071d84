package org.spatiallsm.asterixdb.organisation.grid;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.apache.asterix.common.config.DatasetConfig.DatasetType;
import org.apache.asterix.common.context.AsterixVirtualBufferCacheProvider;
import org.apache.asterix.common.context.IStorageComponentProvider;
import org.apache.asterix.formats.nontagged.NullIntrospector;
import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Index;
import org.apache.asterix.metadata.utils.DatasetUtil;
import org.apache.asterix.om.types.ARecordType;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.asterix.om.types.IAType;
import org.apache.asterix.transaction.management.resource.DatasetLocalResourceFactory;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.apache.hyracks.storage.common.IResourceFactory;
import org.spatiallsm.organizations.grid.GridOrganisation;
import org.spatiallsm.organizations.grid.GridParameters;
import org.spatiallsm.organizations.grid.InvalidGridParameterException;
import org.spatiallsm.storage.IndexOrganisation;

/**
 * The physical swap for the static-grid organisations: the resource factory of the SHB-tree or SIF LSM B-tree that
 * stands in for an R-tree index. The parameters come from the organisation ({@value #SPACE}, {@value #LEVELS},
 * {@value #CELLS_PER_OBJECT}); any left out takes the grid's default (the world, l,l,l,l,h,m, 1024).
 */
public final class GridSwap {

    public static final String SPACE = "space";
    public static final String LEVELS = "levels";
    public static final String CELLS_PER_OBJECT = "cells-per-object";

    private static final Set<ATypeTag> MBR_TYPES =
            Set.of(ATypeTag.RECTANGLE, ATypeTag.LINE, ATypeTag.POLYGON, ATypeTag.CIRCLE);

    private GridSwap() {
    }

    public static IResourceFactory resourceFactory(IndexOrganisation organisation, Dataset dataset,
            MetadataProvider metadataProvider, Index index, ARecordType recordType, ARecordType metaType,
            ILSMMergePolicyFactory mergePolicyFactory, Map<String, String> mergePolicyProperties)
            throws AlgebricksException {
        String name = "index " + index.getIndexName() + ": ";
        List<List<String>> keyFields = ((Index.ValueIndexDetails) index.getIndexDetails()).getKeyFieldNames();
        IAType keyType = recordType.getSubFieldType(keyFields.get(0));
        ATypeTag tag = keyType == null ? null : keyType.getTypeTag();
        if (dataset.getDatasetType() != DatasetType.INTERNAL || dataset.hasMetaPart()
                || DatasetUtil.getFilterField(dataset) != null) {
            throw new AlgebricksException(name + "an " + organisation.kind() + " index needs an internal dataset "
                    + "without a filter or meta part");
        }
        GridOrganisation.Kind kind = kind(organisation.kind(), tag);
        if (kind == null) {
            throw new AlgebricksException(name + (organisation.kind().equals(IndexOrganisation.SIF)
                    ? "a SIF index needs a declared point field"
                    : "an SHB-tree index needs a declared point, rectangle, line, polygon or circle field"));
        }
        GridParameters parameters;
        try {
            Map<String, String> given = organisation.parameters();
            parameters = GridParameters.parse(given.get(SPACE), given.get(LEVELS), given.get(CELLS_PER_OBJECT));
        } catch (InvalidGridParameterException e) {
            throw new AlgebricksException(name + e.getMessage());
        }
        IStorageComponentProvider storage = metadataProvider.getStorageComponentProvider();
        ITypeTraits[] primaryTraits = dataset.getPrimaryTypeTraits(metadataProvider, recordType, metaType);
        IBinaryComparatorFactory[] primaryOrder =
                dataset.getPrimaryComparatorFactories(metadataProvider, recordType, metaType);
        int keyFieldCount = 1 + (kind == GridOrganisation.Kind.SHB_OBJECTS ? 4 : 2);
        int primaryKeys = dataset.getPrimaryKeys().size();
        ITypeTraits[] traits = new ITypeTraits[keyFieldCount + primaryKeys];
        IBinaryComparatorFactory[] order = new IBinaryComparatorFactory[traits.length];
        for (int field = 0; field < keyFieldCount; field++) {
            IAType type = field == 0 ? BuiltinType.AINT64 : BuiltinType.ADOUBLE;
            traits[field] = storage.getTypeTraitProvider().getTypeTrait(type);
            order[field] = storage.getComparatorFactoryProvider().getBinaryComparatorFactory(type, true);
        }
        System.arraycopy(primaryTraits, 0, traits, keyFieldCount, primaryKeys);
        System.arraycopy(primaryOrder, 0, order, keyFieldCount, primaryKeys);
        GridBTreeResourceFactory grid = new GridBTreeResourceFactory(GridSettings.of(kind, parameters),
                storage.getStorageManager(), traits, order, dataset.getIndexOperationTrackerFactory(index),
                dataset.getIoOperationCallbackFactory(index), dataset.getPageWriteCallbackFactory(),
                storage.getMetadataPageManagerFactory(), new AsterixVirtualBufferCacheProvider(dataset.getDatasetId()),
                storage.getIoOperationSchedulerProvider(), mergePolicyFactory, mergePolicyProperties,
                storage.getTypeTraitProvider().getTypeTrait(BuiltinType.ANULL), NullIntrospector.INSTANCE);
        return new DatasetLocalResourceFactory(dataset.getDatasetId(), grid);
    }

    /** The grid layout of an organisation on a field type; null if it does not apply. */
    private static GridOrganisation.Kind kind(String organisation, ATypeTag field) {
        if (field == ATypeTag.POINT) {
            return organisation.equals(IndexOrganisation.SIF) ? GridOrganisation.Kind.SIF
                    : GridOrganisation.Kind.SHB_POINTS;
        }
        return organisation.equals(IndexOrganisation.SHB) && MBR_TYPES.contains(field)
                ? GridOrganisation.Kind.SHB_OBJECTS : null;
    }
}
