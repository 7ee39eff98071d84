package org.spatiallsm.cli;

import org.spatiallsm.experiment.RecordTransport;

import picocli.CommandLine.Option;

/**
 * {@code --transport}: how a bench that sweeps indexes over one dataset ({@code bench index-join}, {@code bench knn})
 * loads its records. A file is the way into stock AsterixDB 0.9.8, which has no spatial-lsm feed adapter.
 */
public final class TransportOption {

    @Option(names = "--transport", paramLabel = "feed|http|file", defaultValue = "feed",
            description = "how the records are loaded: a socket feed, HTTP INSERT batches, or LOAD DATASET from an ADM "
                    + "file written to this machine's temporary directory, which the NCs must read (stock AsterixDB "
                    + "has no spatial-lsm feed adapter) (default: ${DEFAULT-VALUE})")
    private String transport;

    /**
     * The harness's transport: the socket feed, or INSERT statements of 1,000 records over HTTP; null for LOAD
     * DATASET from a file. A bad name is a one-line error.
     */
    public RecordTransport transport() {
        return switch (transport) {
            case "feed" -> new RecordTransport(true, 1);
            case "http" -> new RecordTransport(false, 1000);
            case "file" -> null;
            default -> throw new IllegalArgumentException("--transport must be feed, http or file, got '" + transport
                    + "'");
        };
    }
}
