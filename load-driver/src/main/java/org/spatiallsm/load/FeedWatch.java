package org.spatiallsm.load;

import java.time.Duration;

/**
 * Watches a feed while records go out to it: when the cluster stops being ACTIVE or the feed stops running (seen
 * twice in a row, a second apart), closes the connection, so that a write blocked on a feed that no longer reads
 * fails instead of waiting for ever.
 */
final class FeedWatch implements AutoCloseable {

    private static final Duration EVERY = Duration.ofSeconds(1);
    private final Thread thread;
    private volatile String reason;
    private volatile boolean closed;

    FeedWatch(SocketFeed feed, SocketSink sink) {
        thread = new Thread(() -> {
            String seenBefore = null;
            while (!closed) {
                try {
                    Thread.sleep(EVERY.toMillis());
                } catch (InterruptedException e) {
                    return;
                }
                String problem = closed ? null : feed.notRunning();
                if (problem != null && seenBefore != null) {
                    reason = problem;
                    sink.abort();
                    return;
                }
                seenBefore = problem;
            }
        }, "feed-watch");
        thread.setDaemon(true);
        thread.start();
    }

    /** Why the watch closed the connection, or null if it did not. */
    String reason() {
        return reason;
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}
