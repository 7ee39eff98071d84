package org.spatiallsm.asterixdb.app;

import org.apache.asterix.hyracks.bootstrap.NCApplication;

/**
 * The node controller application of spatial-lsm (launched by {@code bin/spatialnc}): stock AsterixDB, except that
 * it can read and write our persisted classes.
 */
public class SpatialNCApplication extends NCApplication {

    @Override
    protected void configurePersistedResourceRegistry() {
        ncServiceCtx.setPersistedResourceRegistry(new SpatialPersistedResourceRegistry());
    }
}
