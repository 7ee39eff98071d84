package org.spatiallsm.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.spatiallsm.client.QueryServiceClient;

/**
 * A socket feed into one dataset, handled around AsterixDB 0.9.8's pitfalls: DDL on a dataset is refused while a feed
 * into it runs (so everything is created before START FEED); feeds upsert unless told otherwise (so the mode is always
 * stated and an existing feed's mode checked); and STOP FEED discards records still unread in the socket (so
 * {@link #awaitIntake} waits until the adapter has counted every record sent).
 */
public final class SocketFeed {

    /**
     * The adapter feeds are created with: spatial-lsm's socket adapter, which takes one record per line, rejects a
     * malformed line alone and logs it with its connection and line number.
     */
    static final String ADAPTER = "spatial_lsm_socket";
    private static final Set<String> SOCKET_ADAPTERS = Set.of(ADAPTER, "socket_adapter", "socket");
    private static final Duration POLL = Duration.ofMillis(200);

    private final Catalog catalog;
    private final QueryServiceClient client;
    private final DatasetName dataset;
    private final String name;
    private final String host;
    private final int port;
    private final FeedMode mode;
    private boolean running;

    public SocketFeed(Catalog catalog, DatasetName dataset, String name, String host, int port, FeedMode mode) {
        this.catalog = catalog;
        this.client = catalog.client();
        this.dataset = dataset;
        this.name = name;
        this.host = host;
        this.port = port;
        this.mode = mode;
    }

    public String qualifiedName() {
        return dataset.dataverse() + "." + name;
    }

    private String sql() {
        return Sqlpp.identifier(dataset.dataverse()) + "." + Sqlpp.identifier(name);
    }

    /**
     * Creates the feed if it does not exist, checks an existing one, and connects it to the dataset.
     *
     * @param typeName the dataset's record type, which the feed parses records as
     * @return what was done, for the log
     * @throws LoadException when the feed is running or exists with another configuration
     */
    public List<String> prepare(String typeName) {
        if (catalog.runningFeed(dataset.dataverse(), name).isPresent()) {
            throw new LoadException("feed " + qualifiedName() + " is already running; stop it first (STOP FEED "
                    + qualifiedName() + ";) or choose another feed name");
        }
        List<String> actions = new ArrayList<>();
        Optional<Catalog.Feed> existing = catalog.feed(dataset.dataverse(), name);
        if (existing.isEmpty()) {
            client.executeOrThrow("USE " + Sqlpp.identifier(dataset.dataverse()) + "; CREATE FEED "
                    + Sqlpp.identifier(name) + " WITH {\"adapter-name\": \"" + ADAPTER + "\", \"sockets\": "
                    + Sqlpp.string(host + ":" + port) + ", \"address-type\": \"IP\", \"type-name\": "
                    + Sqlpp.string(typeName) + ", \"format\": \"adm\", \"insert-feed\": "
                    + Sqlpp.string(Boolean.toString(mode == FeedMode.INSERT)) + "};");
            actions.add("created feed " + qualifiedName() + " (" + mode + ", socket " + host + ":" + port + ")");
        } else {
            checkExisting(existing.get(), typeName);
        }
        List<String> connected = existing.map(Catalog.Feed::connectedDatasets).orElse(List.of());
        List<String> others = connected.stream().filter(d -> !d.equals(dataset.dataset())).toList();
        if (!others.isEmpty()) {
            throw new LoadException("feed " + qualifiedName() + " also feeds " + String.join(", ", others)
                    + "; choose another feed name");
        }
        if (connected.isEmpty()) {
            client.executeOrThrow("CONNECT FEED " + sql() + " TO DATASET " + dataset.sql() + ";");
            actions.add("connected feed " + qualifiedName() + " to " + dataset);
        }
        return actions;
    }

    private void checkExisting(Catalog.Feed feed, String typeName) {
        String adapter = feed.config().getOrDefault("adapter-name", "");
        String sockets = feed.config().getOrDefault("sockets", "");
        String problem = null;
        if (!SOCKET_ADAPTERS.contains(adapter)) {
            problem = "uses the " + adapter + " adapter, not a socket";
        } else if (!sockets.equals(host + ":" + port)) {
            problem = "listens on " + sockets + ", not " + host + ":" + port;
        } else if (!"adm".equals(feed.config().get("format"))) {
            problem = "reads " + feed.config().get("format") + ", not adm";
        } else if (!typeName.equals(feed.config().get("type-name"))) {
            problem = "parses type " + feed.config().get("type-name") + ", the dataset's type is " + typeName;
        } else if (feed.mode() != mode) {
            problem = "is an " + feed.mode() + " feed, not " + mode;
        }
        if (problem != null) {
            throw new LoadException("feed " + qualifiedName() + " exists and " + problem
                    + "; choose another feed name or drop it");
        }
    }

    public void start() {
        client.executeOrThrow("START FEED " + sql() + ";");
        running = true;
    }

    public boolean running() {
        return running;
    }

    /** The adapter's counters since START FEED; zeros before the first statistics arrive. */
    public Catalog.FeedStats stats() {
        return catalog.runningFeed(dataset.dataverse(), name).orElse(new Catalog.FeedStats(0, 0));
    }

    /**
     * Waits until the adapter has taken in {@code expected} records (the counters lag a second or two), or until
     * nothing has moved for {@code stall}.
     *
     * @return the last counters seen
     */
    public Catalog.FeedStats awaitIntake(long expected, Duration stall) {
        Catalog.FeedStats stats = stats();
        long lastMove = System.nanoTime();
        long lastIncoming = stats.incoming();
        while (stats.incoming() < expected && System.nanoTime() - lastMove < stall.toNanos()) {
            SocketSink.sleep(POLL);
            stats = stats();
            if (stats.incoming() != lastIncoming) {
                lastIncoming = stats.incoming();
                lastMove = System.nanoTime();
            }
        }
        return stats;
    }

    /** STOP FEED, which also flushes a partial frame that an APPLY FUNCTION feed would otherwise hold back. */
    public void stop() {
        if (running) {
            running = false;
            client.executeOrThrow("STOP FEED " + sql() + ";");
        }
    }
}
