package org.spatiallsm.load;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import org.spatiallsm.client.ClusterHealth;
import org.spatiallsm.client.QueryFailedException;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.QueryServiceUnavailableException;

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
    private int port;
    private final FeedMode mode;
    private boolean running;
    private boolean created;
    private boolean portPicked;
    private boolean connectedHere;
    private Catalog.FeedStats lastStats = new Catalog.FeedStats(0, 0);

    /** @param port where the feed listens; 0 to keep an existing feed's port, or pick a free one for a new feed */
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

    /** The port the feed listens on: the one given, or the one {@link #prepare} adopted or picked. */
    public int port() {
        return port;
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
        if (port == 0) {
            port = existing.map(this::existingPort).orElseGet(() -> freePort(host));
            portPicked = existing.isEmpty();
        }
        if (existing.isEmpty()) {
            client.executeOrThrow("USE " + Sqlpp.identifier(dataset.dataverse()) + "; CREATE FEED "
                    + Sqlpp.identifier(name) + " WITH {\"adapter-name\": \"" + ADAPTER + "\", \"sockets\": "
                    + Sqlpp.string(host + ":" + port) + ", \"address-type\": \"IP\", \"type-name\": "
                    + Sqlpp.string(typeName) + ", \"format\": \"adm\", \"insert-feed\": "
                    + Sqlpp.string(Boolean.toString(mode == FeedMode.INSERT)) + "};");
            created = true;
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
            connectedHere = true;
            actions.add("connected feed " + qualifiedName() + " to " + dataset);
        }
        return actions;
    }

    /** The port of an existing feed (a host that differs is reported by the check of the feed). */
    private int existingPort(Catalog.Feed feed) {
        String sockets = feed.config().getOrDefault("sockets", "");
        String port = sockets.substring(sockets.lastIndexOf(':') + 1);
        return port.matches("\\d{1,5}") ? Integer.parseInt(port) : 0;
    }

    /**
     * A port nobody listens on at {@code host} now. The NC binds it a moment later: another program could take it in
     * between, which START FEED then reports as a port in use.
     */
    static int freePort(String host) {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new LoadException("cannot pick a free port for the feed on " + host + " (" + e.getMessage()
                    + "); give --feed-address with an NC's address and a free port");
        }
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

    /** @throws LoadException naming the address when the NC cannot listen on it */
    public void start() {
        try {
            client.executeOrThrow("START FEED " + sql() + ";");
        } catch (QueryFailedException e) {
            if (String.valueOf(e.getMessage()).contains("Address already in use")) {
                throw new LoadException("feed " + qualifiedName() + " cannot listen on " + host + ":" + port
                        + ": another feed or program holds that port; give a free one with --feed-address, or leave "
                        + "--feed-address out to have one picked", e);
            }
            throw e;
        }
        running = true;
        lastStats = new Catalog.FeedStats(0, 0);
    }

    /**
     * Stops the feed and undoes what {@link #prepare} did when the load failed or the port was picked (such a feed is
     * this load's alone): drops a feed it created, or disconnects an existing one it connected. A feed at an address
     * the user gave is kept for the next load.
     */
    public void release(boolean failed) {
        stop();
        if (created && (failed || portPicked)) {
            created = false;
            connectedHere = false;
            client.executeOrThrow("DROP FEED " + sql() + ";");
        } else if (connectedHere && failed) {
            connectedHere = false;
            client.executeOrThrow("DISCONNECT FEED " + sql() + " FROM DATASET " + dataset.sql() + ";");
        }
    }

    public boolean running() {
        return running;
    }

    /** The adapter's counters since START FEED; zeros before the first statistics arrive. */
    public Catalog.FeedStats stats() {
        return catalog.runningFeed(dataset.dataverse(), name).orElse(new Catalog.FeedStats(0, 0));
    }

    /** The counters {@link #awaitIntake} saw last since the last {@link #start}. */
    public Catalog.FeedStats lastStats() {
        return lastStats;
    }

    /**
     * What {@link #awaitIntake} saw.
     *
     * @param broken why the intake was cut off (the feed stopped, or the cluster is no longer ACTIVE), or null when
     *               the feed took in every record or stalled
     */
    public record Intake(Catalog.FeedStats stats, String broken) {
    }

    /**
     * Waits until the adapter has taken in {@code expected} records (the counters lag a second or two), until nothing
     * has moved for {@code stall}, or until the feed stops or its cluster is no longer ACTIVE (a node failed: the
     * records not taken in yet will not be).
     */
    public Intake awaitIntake(long expected, Duration stall) {
        long lastMove = System.nanoTime();
        while (true) {
            String problem = notRunning();
            if (problem != null) {
                return new Intake(lastStats, String.format(Locale.ROOT, "%s when the feed had taken in %,d of %,d "
                        + "records", problem, lastStats.incoming(), expected));
            }
            Catalog.FeedStats stats = catalog.runningFeed(dataset.dataverse(), name).orElse(lastStats);
            if (stats.incoming() != lastStats.incoming()) {
                lastMove = System.nanoTime();
            }
            lastStats = stats;
            if (stats.incoming() >= expected || System.nanoTime() - lastMove >= stall.toNanos()) {
                return new Intake(stats, null);
            }
            SocketSink.sleep(POLL);
        }
    }

    /**
     * Why records sent to the feed cannot arrive: the cluster is not ACTIVE, or the feed is no longer running (a
     * node's failure stopped it); null while it runs.
     */
    String notRunning() {
        try {
            ClusterHealth health = client.health();
            if (!ClusterHealth.ACTIVE.equals(health.state())) {
                return health.problem(client.endpoint()).orElse("the cluster is " + health.state());
            }
            return catalog.runningFeed(dataset.dataverse(), name).isPresent() ? null
                    : "feed " + qualifiedName() + " stopped";
        } catch (QueryServiceUnavailableException e) {
            return e.getMessage();
        }
    }

    /** STOP FEED, which also flushes a partial frame that an APPLY FUNCTION feed would otherwise hold back. */
    public void stop() {
        if (running) {
            running = false;
            client.executeOrThrow("STOP FEED " + sql() + ";");
        }
    }

    /**
     * After a failure: stops the feed if AsterixDB still counts it as started (a feed a node's failure stopped
     * answers "not started", which is what this wants), so that nothing still in flight arrives after the keys the
     * dataset lacks were read, and so that {@link #start} can start it again.
     *
     * @throws QueryServiceUnavailableException when the cluster is not ACTIVE
     */
    public void stopAfterFailure() {
        client.execute("STOP FEED " + sql() + ";");
        running = false;
    }
}
