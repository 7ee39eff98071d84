package org.spatiallsm.ycsb;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import org.spatiallsm.load.Catalog;
import org.spatiallsm.load.SocketFeed;
import org.spatiallsm.load.SocketSink;

/**
 * One socket-feed connection shared by all YCSB threads of a process: a socket feed serves one connection at a time,
 * so a second connection would stall until the first closed. The first thread prepares and starts the feed; the last
 * one to leave waits until the feed has taken in every record sent and stops it (STOP FEED drops unread input).
 */
final class SharedFeed {

    private static final Map<String, SharedFeed> OPEN = new HashMap<>();
    private static final Duration CONNECT_PATIENCE = Duration.ofSeconds(30);

    private final String address;
    private final SocketFeed feed;
    private final SocketSink sink;
    private final boolean startedHere;
    private final boolean stopAtEnd;
    private final long incomingBefore;
    private int users;
    private long sent;

    private SharedFeed(String address, SocketFeed feed, SocketSink sink, boolean startedHere, boolean stopAtEnd,
            long incomingBefore) {
        this.address = address;
        this.feed = feed;
        this.sink = sink;
        this.startedHere = startedHere;
        this.stopAtEnd = stopAtEnd;
        this.incomingBefore = incomingBefore;
    }

    static SharedFeed acquire(BindingConfig config, Catalog catalog, String typeName) {
        String address = config.feedHost() + ":" + config.feedPort();
        synchronized (OPEN) {
            SharedFeed shared = OPEN.get(address);
            if (shared == null) {
                SocketFeed feed = new SocketFeed(catalog, config.dataset(), config.feedName(), config.feedHost(),
                        config.feedPort(), config.mode());
                var running = catalog.runningFeed(config.dataset().dataverse(), config.feedName());
                if (running.isEmpty()) {
                    feed.prepare(typeName);
                    feed.start();
                }
                SocketSink sink = SocketSink.connect(config.feedHost(), config.feedPort(), CONNECT_PATIENCE);
                shared = new SharedFeed(address, feed, sink, running.isEmpty(), config.stopFeed(),
                        running.map(Catalog.FeedStats::incoming).orElse(0L));
                OPEN.put(address, shared);
            }
            shared.users++;
            return shared;
        }
    }

    synchronized void write(String record) throws IOException {
        sink.write(record);
        sent++;
    }

    /** Puts buffered records on the wire, so that a read soon after can see them. */
    synchronized void flush() throws IOException {
        sink.flush();
    }

    /** The last user closes the connection, waits for the feed to take in everything, and stops the feed. */
    void release(PrintStream log) throws IOException {
        synchronized (OPEN) {
            if (--users > 0) {
                return;
            }
            OPEN.remove(address);
        }
        synchronized (this) {
            try {
                sink.close();
            } finally {
                // Even when the last records could not be sent: a feed left running blocks DDL on its dataset.
                if (stopAtEnd) {
                    stopAndReport(log);
                }
            }
        }
    }

    /** Waits until the feed has taken in every record sent, stops it if this run started it, and says so. */
    private void stopAndReport(PrintStream log) {
        Catalog.FeedStats stats = feed.awaitIntake(incomingBefore + sent, Duration.ofSeconds(60)).stats();
        long arrived = stats.incoming() - incomingBefore;
        if (startedHere) {
            feed.stop();
        }
        log.println(String.format(Locale.ROOT, "[spatial-lsm] feed %s took in %,d of the %,d records sent%s%s",
                feed.qualifiedName(), arrived, sent, stats.failedAtParser() > 0
                        ? String.format(Locale.ROOT, "; its parser rejected %,d", stats.failedAtParser()) : "",
                startedHere ? "; feed stopped" : "; the feed was running before and is left running"));
    }
}
