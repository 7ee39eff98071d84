package org.spatiallsm.cli;

import java.net.URI;

import picocli.CommandLine.Option;

/**
 * What every bench command that builds scratch datasets on a running cluster shares: where the cluster is, and
 * whether its scratch dataverse survives the run. The dataverse's name stays each command's own option, so that two
 * benches never drop each other's data.
 */
final class ScratchOptions {

    @Option(names = "--keep", description = "keep the scratch dataverse and its datasets afterwards")
    boolean keep;

    @Option(names = "--endpoint", paramLabel = "URL", defaultValue = "http://127.0.0.1:19002",
            description = "the cluster controller's query service (default: ${DEFAULT-VALUE})")
    URI endpoint;
}
