package org.spatiallsm.cli;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.load.FeedMode;

import picocli.CommandLine.Option;

/** Where the cluster and its feed socket are, and how records are written: shared by load and bench. */
final class ClusterOptions {

    @Option(names = "--endpoint", paramLabel = "URL", defaultValue = "http://127.0.0.1:19002",
            description = "the cluster's query service (default: ${DEFAULT-VALUE})")
    URI endpoint;

    @Option(names = "--feed-address", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:10001",
            description = "where the socket feed listens: an NC's IP address and a free port (default: "
                    + "${DEFAULT-VALUE})")
    String feedAddress;

    @Option(names = "--mode", paramLabel = "insert|upsert", defaultValue = "insert",
            description = "insert rejects a record whose key exists, upsert replaces it (AsterixDB feeds' own "
                    + "default is upsert) (default: ${DEFAULT-VALUE})")
    String mode;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "1000",
            description = "records per HTTP INSERT statement (default: ${DEFAULT-VALUE})")
    int batch;

    @Option(names = "--with", paramLabel = "JSON",
            description = "WITH clause for datasets this command creates, e.g. "
                    + "'{\"merge-policy\": {\"name\": \"binomial\", \"parameters\": {\"num-components\": 8}}}'")
    String with;

    @Option(names = "--no-rtree", negatable = false,
            description = "do not create an R-tree on the point field of datasets this command creates")
    boolean noRtree;

    @Option(names = "--stall-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "give up waiting for the feed after this long without progress (default: ${DEFAULT-VALUE})")
    long stallSeconds;

    QueryServiceClient client() {
        return new QueryServiceClient(endpoint);
    }

    FeedMode feedMode() {
        return FeedMode.parse(mode);
    }

    String feedHost() {
        return address()[0];
    }

    int feedPort() {
        return Integer.parseInt(address()[1]);
    }

    Duration stallTimeout() {
        if (stallSeconds < 1) {
            throw new IllegalArgumentException("--stall-timeout must be >= 1 second, got " + stallSeconds);
        }
        return Duration.ofSeconds(stallSeconds);
    }

    int batchSize() {
        if (batch < 1) {
            throw new IllegalArgumentException("--batch must be >= 1, got " + batch);
        }
        return batch;
    }

    /** The cluster's data directory, where relative NC storage paths start: the scripts' SPATIAL_LSM_VAR. */
    static Path clusterDataDir() {
        String var = System.getenv("SPATIAL_LSM_VAR");
        return var == null || var.isBlank() ? null : Path.of(var);
    }

    private String[] address() {
        return hostAndPort(feedAddress);
    }

    /** "HOST:PORT" split in two; a one-line error (naming --feed-address) otherwise. */
    static String[] hostAndPort(String feedAddress) {
        int colon = feedAddress.lastIndexOf(':');
        if (colon <= 0 || !feedAddress.substring(colon + 1).matches("\\d{1,5}")
                || Integer.parseInt(feedAddress.substring(colon + 1)) > 65535) {
            throw new IllegalArgumentException("--feed-address must be HOST:PORT, got '" + feedAddress + "'");
        }
        return new String[] { feedAddress.substring(0, colon), feedAddress.substring(colon + 1) };
    }
}
