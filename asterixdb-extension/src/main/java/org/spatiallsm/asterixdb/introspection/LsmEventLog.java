package org.spatiallsm.asterixdb.introspection;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.control.common.controllers.ControllerConfig;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.spatiallsm.asterixdb.introspection.LsmEventFile.EventKey;
import org.spatiallsm.introspection.IndexEvent;
import org.spatiallsm.introspection.IntrospectionJson;
import org.spatiallsm.introspection.LostEvents;

/**
 * The LSM event log of one node controller, {@code <log.dir>/spatial-lsm-events-<node id>.jsonl}: one JSON object
 * per line, appended. Events arrive under an index's operation-tracker lock, so {@link #append} only queues them; a
 * daemon thread writes them, and a shutdown hook drains the queue when the NC exits. Nothing here throws into the
 * engine, and nothing is lost silently: every event that does not reach the file is counted per dataset
 * ({@link #lost}) and the {@code /spatial-lsm/events} answer reports it.
 */
public final class LsmEventLog {

    /** Events queued and not yet written; beyond it new events are dropped and counted (see {@link #append}). */
    static final int QUEUE_CAPACITY = 10_000;
    /** The event file is rotated when it has reached this size... */
    static final long MAX_FILE_BYTES = 64L * 1024 * 1024;
    /** ...and this many rotated files are kept ({@code .1} the newest). */
    static final int KEPT_FILES = 4;

    private static final Logger LOGGER = LogManager.getLogger();
    /** One log per file: the in-process test cluster runs several NCs in one JVM. */
    private static final Map<Path, LsmEventLog> BY_FILE = new ConcurrentHashMap<>();
    private static final long DRAIN_AT_EXIT_MILLIS = 5_000;

    /** Events of one dataset (or of an index the journal could not place: an empty name) that are not in the file. */
    record Lost(long notRecorded, long dropped, long notWritten) {
        static final Lost NONE = new Lost(0, 0, 0);

        Lost plus(Lost other) {
            return new Lost(notRecorded + other.notRecorded, dropped + other.dropped, notWritten + other.notWritten);
        }

        long total() {
            return notRecorded + dropped + notWritten;
        }

        /** The last line of an {@code /events} answer whose lines miss some of the dataset's events. */
        LostEvents report(String node, boolean olderLinesRotatedAway) {
            List<String> why = new ArrayList<>();
            if (total() > 0) {
                why.add(total() + " lost (" + notRecorded + " could not be recorded, " + dropped + " dropped with a "
                        + "full queue, " + notWritten + " failed to write; see the NC log)");
            }
            if (olderLinesRotatedAway) {
                why.add("the oldest were in event files rotated away");
            }
            return new LostEvents(node, notRecorded, dropped, notWritten, olderLinesRotatedAway,
                    "node " + node + " misses LSM events of this dataset: " + String.join("; ", why));
        }
    }

    private final LsmEventFile file;
    private final BlockingQueue<IndexEvent> queue;
    /** Events queued so far, and of those, the ones the writer has finished with (written or counted as lost). */
    private final AtomicLong queued = new AtomicLong();
    private final AtomicLong finished = new AtomicLong();
    private final Map<EventKey, Lost> lost = new ConcurrentHashMap<>();
    private final AtomicLong lostTotal = new AtomicLong();

    LsmEventLog(LsmEventFile file, int queueCapacity) {
        this.file = file;
        this.queue = new ArrayBlockingQueue<>(queueCapacity);
    }

    private static LsmEventLog started(Path path) {
        LsmEventLog log = new LsmEventLog(new LsmEventFile(path, MAX_FILE_BYTES, KEPT_FILES), QUEUE_CAPACITY);
        log.startWriter();
        Runtime.getRuntime().addShutdownHook(new Thread(log::drain, "spatial-lsm-event-log drain"));
        return log;
    }

    /** The event log of the node controller {@code ctx} belongs to. */
    public static LsmEventLog of(INCServiceContext ctx) {
        return BY_FILE.computeIfAbsent(fileOf(ctx), LsmEventLog::started);
    }

    static Path fileOf(INCServiceContext ctx) {
        // Both NCs of the local layout share one log.dir, hence the node id in the name.
        Path logDir = Path.of(ctx.getAppConfig().getString(ControllerConfig.Option.LOG_DIR)).toAbsolutePath();
        return logDir.resolve("spatial-lsm-events-" + ctx.getNodeId() + ".jsonl");
    }

    void startWriter() {
        Thread writer = new Thread(this::writeForever, "spatial-lsm-event-log " + file.path().getFileName());
        writer.setDaemon(true);
        writer.start();
    }

    /**
     * Queues one event; never blocks and never throws. A full queue drops the event and counts it: blocking would
     * stall the flush or merge thread that reports it (it holds the index's operation-tracker lock) for as long as the
     * disk is slow, and introspection must never slow the engine down.
     */
    public void append(IndexEvent event) {
        if (queue.offer(event)) {
            queued.incrementAndGet();
        } else {
            lose(EventKey.of(event), new Lost(0, 1, 0), null);
        }
    }

    /** The journal could not even build an event of this dataset's index. */
    void notRecorded(EventKey key, RuntimeException cause) {
        lose(key, new Lost(1, 0, 0), cause);
    }

    /** What the file misses of the dataset; {@code datasetId} null for every dataset of that name. */
    Lost lost(String dataverse, String dataset, Integer datasetId) {
        return lost.entrySet().stream().filter(e -> e.getKey().matches(dataverse, dataset, datasetId)
                || e.getKey().dataset().isEmpty()).map(Map.Entry::getValue).reduce(Lost.NONE, Lost::plus);
    }

    /** The dataset's lines, oldest first; see {@link LsmEventFile#lines}. */
    LsmEventFile.Lines lines(String dataverse, String dataset, Integer datasetId) throws IOException {
        return file.lines(dataverse, dataset, datasetId);
    }

    private void writeForever() {
        while (true) {
            try {
                writeAvailable(queue.take());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Writes {@code first} and whatever else is queued in one open-append-close, so the file is never held open. */
    private void writeAvailable(IndexEvent first) {
        List<IndexEvent> batch = new ArrayList<>();
        batch.add(first);
        queue.drainTo(batch);
        try {
            List<LsmEventFile.Line> lines = new ArrayList<>(batch.size());
            for (IndexEvent event : batch) {
                lines.add(new LsmEventFile.Line(EventKey.of(event), IntrospectionJson.line(event)));
            }
            file.append(lines);
        } catch (IOException | RuntimeException e) {
            // Which of the batch's lines made it is unknown: count them all (a half-written one does not parse).
            for (IndexEvent event : batch) {
                lose(EventKey.of(event), new Lost(0, 0, 1), e);
            }
        } finally {
            finished.addAndGet(batch.size());
        }
    }

    private void lose(EventKey key, Lost what, Exception cause) {
        lost.merge(key, what, Lost::plus);
        long before = lostTotal.getAndAdd(what.total());
        // Logged for the first loss and then at every power of ten: visible, without flooding the log.
        long after = before + what.total();
        if (before == 0 || Long.toString(before).length() < Long.toString(after).length()) {
            LOGGER.warn("spatial-lsm: {} LSM event(s) missing from {} so far (the latest, of {}.{}: {}); "
                    + "/spatial-lsm/events reports them per dataset", after, file.path(), key.dataverse(),
                    key.dataset(), describe(what), cause);
        }
    }

    private static String describe(Lost what) {
        return what.dropped() > 0 ? "dropped, the queue was full" : what.notWritten() > 0 ? "the write failed"
                : "it could not be recorded";
    }

    /**
     * Waits at most {@code millis} until the writer has finished with every event queued before the call; true only
     * if it has and no event since the NC started was lost (then the file holds every event reported so far).
     * Readers of the file call it so that they see every event that happened before their request.
     *
     * @throws WriterBehindException if the writer did not catch up in time
     */
    public boolean awaitWritten(long millis) throws WriterBehindException {
        long target = queued.get();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (finished.get() < target) {
            if (System.nanoTime() >= deadline) {
                throw new WriterBehindException(file.path(), target - finished.get(), millis);
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new WriterBehindException(file.path(), target - finished.get(), millis);
            }
        }
        return lostTotal.get() == 0;
    }

    /** The writer has not written the events queued before a request within the time the request allows. */
    static final class WriterBehindException extends Exception {
        private static final long serialVersionUID = 1L;

        WriterBehindException(Path file, long behind, long millis) {
            super("the LSM event writer is " + behind + " event(s) behind after " + millis + " ms (" + file
                    + "); try again later");
        }
    }

    /** At exit the writer thread still runs; give it a bounded time to write what the last flushes reported. */
    private void drain() {
        try {
            awaitWritten(DRAIN_AT_EXIT_MILLIS);
        } catch (WriterBehindException e) {
            LOGGER.warn("spatial-lsm: at exit, {}", e.getMessage());
        }
    }
}
