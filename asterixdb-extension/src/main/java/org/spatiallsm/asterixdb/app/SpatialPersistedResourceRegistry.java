package org.spatiallsm.asterixdb.app;

import org.apache.asterix.app.io.PersistedResourceRegistry;
import org.spatiallsm.asterixdb.merge.EngineMergePolicies;
import org.spatiallsm.asterixdb.organisation.DhvbBTreeResource;
import org.spatiallsm.asterixdb.rtree.SimpleLinearizeComparatorFactory;

/**
 * AsterixDB's registry plus every class spatial-lsm writes into an index's {@code .metadata}. A registry id is on disk
 * forever: never rename one.
 */
public class SpatialPersistedResourceRegistry extends PersistedResourceRegistry {

    @Override
    protected void registerClasses() {
        super.registerClasses();
        for (EngineMergePolicies.Registration policy : EngineMergePolicies.ALL) {
            registeredClasses.put(policy.registryId(), policy.factoryClass());
        }
        registeredClasses.put("SpatialLsmSimpleLinearizeComparatorFactory", SimpleLinearizeComparatorFactory.class);
        registeredClasses.put("SpatialLsmDhvbBTreeResource", DhvbBTreeResource.class);
    }
}
