package org.spatiallsm.asterixdb.organisation;

import java.io.Serializable;
import java.util.List;

import org.apache.asterix.common.context.IStorageComponentProvider;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.storage.am.lsm.common.dataflow.LsmResource;

/**
 * What the physical swap needs of an organisation stored in an {@link OrganisationBTree}: its key fields (before the
 * primary key) with their type traits and order, and the persisted resource of each partition. Travels in the job
 * inside an {@link OrganisationBTreeResourceFactory}, hence serialisable.
 */
public interface OrganisationStorage extends Serializable {

    /** The B-tree fields before the primary key. */
    int keyFields();

    /** Fills in the type traits and the order of the key fields (the first {@link #keyFields} of each array). */
    void keyTypes(IStorageComponentProvider storage, ITypeTraits[] traits, IBinaryComparatorFactory[] order)
            throws AlgebricksException;

    /**
     * The key fields that the order of {@link #keyTypes} compares as numbers, from the first on, for the bulk
     * loader to sort on as longs; empty when the first is no number (or has an order of its own).
     */
    List<SortingBulkLoader.NumericKey> numericKeys();

    /** The resource of one partition. */
    LsmResource resource(OrganisationBTreeResource.Args args);
}
