package org.spatiallsm.cli;

import java.nio.file.Path;
import java.time.Duration;

import picocli.CommandLine.Option;

/** {@code --feed-address} and {@code --stall-timeout}: where a socket feed listens, and how long to wait on it. */
public final class FeedOptions {

    /** Where a feed listens when no address is given: a local NC. */
    private static final String DEFAULT_HOST = "127.0.0.1";

    @Option(names = "--feed-address", paramLabel = "HOST:PORT",
            description = "where the socket feed listens: an NC's IP address and a free port (default: "
                    + DEFAULT_HOST + " and the port of the existing feed, or a free port picked for a new feed, "
                    + "which is dropped after the load)")
    private String feedAddress;

    @Option(names = "--stall-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "give up waiting for the feed after this long without progress (default: ${DEFAULT-VALUE})")
    private long stallSeconds;

    public String host() {
        return feedAddress == null ? DEFAULT_HOST : hostAndPort()[0];
    }

    /** The port given, or 0: the existing feed's port, or a free one picked for a new feed. */
    public int port() {
        return feedAddress == null ? 0 : Integer.parseInt(hostAndPort()[1]);
    }

    /** @throws IllegalArgumentException with a one-line message naming --stall-timeout */
    public Duration stallTimeout() {
        if (stallSeconds < 1) {
            throw new IllegalArgumentException("--stall-timeout must be >= 1 second, got " + stallSeconds);
        }
        return Duration.ofSeconds(stallSeconds);
    }

    /** "HOST:PORT" split in two; a one-line error (naming --feed-address) otherwise. */
    private String[] hostAndPort() {
        int colon = feedAddress.lastIndexOf(':');
        if (colon <= 0 || !feedAddress.substring(colon + 1).matches("\\d{1,5}")
                || Integer.parseInt(feedAddress.substring(colon + 1)) > 65535) {
            throw new IllegalArgumentException("--feed-address must be HOST:PORT, got '" + feedAddress + "'");
        }
        return new String[] { feedAddress.substring(0, colon), feedAddress.substring(colon + 1) };
    }

    /** The cluster's data directory, where relative NC storage paths start: the scripts' SPATIAL_LSM_VAR. */
    public static Path clusterDataDir() {
        String var = System.getenv("SPATIAL_LSM_VAR");
        return var == null || var.isBlank() ? null : Path.of(var);
    }
}
