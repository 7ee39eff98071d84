package org.spatiallsm.cli;

import picocli.CommandLine.Option;

/**
 * {@code --keep}: whether a bench's scratch dataverse survives the run. The dataverse's name stays each bench's own
 * option, so that two benches never drop each other's data.
 */
public final class KeepOption {

    @Option(names = "--keep", description = "keep the scratch dataverse and its datasets afterwards")
    private boolean keep;

    public boolean keep() {
        return keep;
    }
}
