package org.spatiallsm.cli;

import java.nio.file.Path;
import java.time.Duration;

import picocli.CommandLine.Option;

/** {@code --feed-address} and {@code --stall-timeout}: where a socket feed listens, and how long to wait on it. */
public final class FeedOptions {

    @Option(names = "--feed-address", paramLabel = "HOST:PORT", defaultValue = "127.0.0.1:10001",
            description = "where the socket feed listens: an NC's IP address and a free port (default: "
                    + "${DEFAULT-VALUE})")
    private String feedAddress;

    @Option(names = "--stall-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "give up waiting for the feed after this long without progress (default: ${DEFAULT-VALUE})")
    private long stallSeconds;

    public String host() {
        return hostAndPort()[0];
    }

    public int port() {
        return Integer.parseInt(hostAndPort()[1]);
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
