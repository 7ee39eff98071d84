package org.spatiallsm.asterixdb.introspection;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.control.common.controllers.ControllerConfig;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The LSM event file of one node controller, {@code <log.dir>/spatial-lsm-events-<node id>.jsonl}: one JSON object
 * per line, appended. Events arrive under an index's operation-tracker lock, so {@link #append} only queues them; a
 * daemon thread writes them, and a shutdown hook drains the queue when the NC exits. Failures are logged, never
 * thrown: introspection must not break the engine.
 */
public final class LsmEventLog {

    private static final Logger LOGGER = LogManager.getLogger();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** One log per file: the in-process test cluster runs several NCs in one JVM. */
    private static final Map<Path, LsmEventLog> BY_FILE = new ConcurrentHashMap<>();
    private static final long DRAIN_AT_EXIT_MILLIS = 5_000;

    private final Path file;
    private final BlockingQueue<ObjectNode> queue = new LinkedBlockingQueue<>();
    /** Events queued and not yet written, including those the writer holds. */
    private final AtomicInteger unwritten = new AtomicInteger();
    private volatile boolean warnedOnce;

    private LsmEventLog(Path file) {
        this.file = file;
        Thread writer = new Thread(this::writeForever, "spatial-lsm-event-log " + file.getFileName());
        writer.setDaemon(true);
        writer.start();
        Runtime.getRuntime().addShutdownHook(new Thread(this::drain, "spatial-lsm-event-log drain"));
    }

    /** The event log of the node controller {@code ctx} belongs to. */
    public static LsmEventLog of(INCServiceContext ctx) {
        return BY_FILE.computeIfAbsent(fileOf(ctx), LsmEventLog::new);
    }

    static Path fileOf(INCServiceContext ctx) {
        // Both NCs of the local layout share one log.dir, hence the node id in the name.
        Path logDir = Path.of(ctx.getAppConfig().getString(ControllerConfig.Option.LOG_DIR)).toAbsolutePath();
        return logDir.resolve("spatial-lsm-events-" + ctx.getNodeId() + ".jsonl");
    }

    public Path file() {
        return file;
    }

    /** Queues one event; never blocks and never throws. */
    public void append(ObjectNode event) {
        unwritten.incrementAndGet();
        queue.add(event);
    }

    private void writeForever() {
        while (true) {
            try {
                ObjectNode first = queue.take();
                writeAvailable(first);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            } catch (RuntimeException e) {
                warnOnce(e);
            }
        }
    }

    /** Writes {@code first} and whatever else is queued in one open-append-close, so the file is never held open. */
    private void writeAvailable(ObjectNode first) {
        List<ObjectNode> batch = new ArrayList<>();
        batch.add(first);
        queue.drainTo(batch);
        try {
            Files.createDirectories(file.getParent());
            try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND)) {
                for (ObjectNode event : batch) {
                    out.write(JSON.writeValueAsString(event));
                    out.write('\n');
                }
            }
        } catch (IOException e) {
            warnOnce(e);
        } finally {
            unwritten.addAndGet(-batch.size());
        }
    }

    /**
     * Waits at most {@code millis} until everything appended so far is in the file; true if it is. Readers of the
     * file call it so that they see every event that happened before their request.
     */
    public boolean awaitWritten(long millis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (unwritten.get() > 0) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            try {
                Thread.sleep(5);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** At exit the writer thread still runs; give it a bounded time to write what the last flushes reported. */
    private void drain() {
        awaitWritten(DRAIN_AT_EXIT_MILLIS);
    }

    private void warnOnce(Exception e) {
        if (!warnedOnce) {
            warnedOnce = true;
            LOGGER.warn("spatial-lsm cannot write LSM events to {}; further failures are not logged", file, e);
        }
    }
}
