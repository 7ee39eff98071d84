package org.spatiallsm.asterixdb.organisation.grid;

import java.util.ArrayList;
import java.util.List;

import org.apache.asterix.common.context.IStorageComponentProvider;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.storage.am.lsm.common.dataflow.LsmResource;
import org.spatiallsm.asterixdb.organisation.OrganisationBTreeResource;
import org.spatiallsm.asterixdb.organisation.OrganisationStorage;
import org.spatiallsm.asterixdb.organisation.SortingBulkLoader;
import org.spatiallsm.organisations.grid.GridOrganisation;
import org.spatiallsm.organisations.grid.GridParameters;

/**
 * A grid index's kind and parameters as text, as they travel in a job (Java-serialised) and are persisted in the
 * index's resource (JSON): the space "x1,y1,x2,y2", the densities "l,l,l,l,h,m" and the cells-per-object cap. Its
 * B-tree keys are ⟨cell key: int64, coordinates: doubles⟩ (see {@link GridLayout}).
 */
record GridSettings(GridOrganisation.Kind kind, String space, String levels, String cellsPerObject)
        implements OrganisationStorage {

    static GridSettings of(GridOrganisation.Kind kind, GridParameters parameters) {
        return new GridSettings(kind, parameters.space().toString(), parameters.densityLetters(),
                Integer.toString(parameters.cellsPerObject()));
    }

    GridOrganisation organisation() {
        return new GridOrganisation(kind, GridParameters.parse(space, levels, cellsPerObject));
    }

    @Override
    public int keyFields() {
        return 1 + GridLayout.coordinates(kind);
    }

    /** All key fields: the cell key and the coordinates. */
    @Override
    public List<SortingBulkLoader.NumericKey> numericKeys() {
        List<SortingBulkLoader.NumericKey> keys = new ArrayList<>();
        for (int field = 0; field < keyFields(); field++) {
            keys.add(field == 0 ? SortingBulkLoader.NumericKey.INT64 : SortingBulkLoader.NumericKey.DOUBLE);
        }
        return keys;
    }

    @Override
    public void keyTypes(IStorageComponentProvider storage, ITypeTraits[] traits, IBinaryComparatorFactory[] order)
            throws AlgebricksException {
        for (int field = 0; field < keyFields(); field++) {
            BuiltinType type = field == 0 ? BuiltinType.AINT64 : BuiltinType.ADOUBLE;
            traits[field] = storage.getTypeTraitProvider().getTypeTrait(type);
            order[field] = storage.getComparatorFactoryProvider().getBinaryComparatorFactory(type, true);
        }
    }

    @Override
    public LsmResource resource(OrganisationBTreeResource.Args args) {
        return new GridBTreeResource(this, args);
    }
}
