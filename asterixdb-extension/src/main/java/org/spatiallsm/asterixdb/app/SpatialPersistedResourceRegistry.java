package org.spatiallsm.asterixdb.app;

import org.apache.asterix.app.io.PersistedResourceRegistry;
import org.spatiallsm.asterixdb.merge.EngineMergePolicies;

/** AsterixDB's registry plus every class spatial-lsm writes into an index's {@code .metadata}. */
public class SpatialPersistedResourceRegistry extends PersistedResourceRegistry {

    @Override
    protected void registerClasses() {
        super.registerClasses();
        for (EngineMergePolicies.Registration policy : EngineMergePolicies.ALL) {
            registeredClasses.put(policy.registryId(), policy.factoryClass());
        }
    }
}
