package org.spatiallsm.asterixdb.app;

import java.util.List;

import org.apache.asterix.common.api.ExtensionId;
import org.apache.asterix.common.api.IExtension;
import org.apache.hyracks.algebricks.common.utils.Pair;

/**
 * What all of spatial-lsm's AsterixDB extensions share: a fixed id, and nothing to configure (0.9.8 always passes
 * an empty argument list; the {@code enabled=true} key in cc.conf only keeps the section from being dropped).
 */
public abstract class SpatialLsmExtension implements IExtension {

    private final ExtensionId id;

    protected SpatialLsmExtension(String name) {
        this.id = new ExtensionId(name, 1);
    }

    @Override
    public ExtensionId getId() {
        return id;
    }

    @Override
    public void configure(List<Pair<String, String>> args) {
        // nothing to configure
    }
}
