package org.spatiallsm.experiment.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.load.Catalog;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.DatasetSetup;
import org.spatiallsm.load.FeedMode;
import org.spatiallsm.load.HttpBatchSink;
import org.spatiallsm.load.LoadException;
import org.spatiallsm.load.RecordSource;
import org.spatiallsm.load.SocketFeed;
import org.spatiallsm.load.SocketSink;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.RecordShape;

/**
 * The same records, three ways, one after the other: written over loopback TCP to a local sink that discards them
 * (the ceiling of this client), through a socket feed into a fresh dataset (until all are visible), and as HTTP
 * INSERT batches into another fresh dataset. Each row says how many records arrived. Records are generated as they
 * are sent, never held all at once (a run may be larger than memory), so a first row times the generation alone.
 */
public final class IngestBenchmark {

    /** One measured path. */
    public record Row(String path, long records, long bytes, Duration elapsed, long arrived, String arrivedWhere) {

        double recordsPerSecond() {
            return records / seconds();
        }

        double megabytesPerSecond() {
            return bytes / 1e6 / seconds();
        }

        private double seconds() {
            return Math.max(1e-9, elapsed.toNanos() / 1e9);
        }
    }

    /**
     * @param dataverse created afresh for the run (dropped first if it exists)
     * @param with      WITH clause for both datasets, or null
     * @param stall     how long the feed may take in nothing before the run gives up waiting
     */
    public record Settings(String dataverse, String feedHost, int feedPort, FeedMode mode, int batchSize,
            boolean rtree, String with, Duration stall, boolean keep) {
    }

    private static final Duration POLL = Duration.ofMillis(100);
    private final QueryServiceClient client;
    private final Catalog catalog;
    private final PrintStream log;

    public IngestBenchmark(QueryServiceClient client, PrintStream log) {
        this.client = client;
        this.catalog = new Catalog(client);
        this.log = log;
    }

    /** @param records regenerated for each path, so the same records in the same order every time */
    public List<Row> run(RecordSource records, RecordShape shape, Settings settings) throws IOException {
        client.executeOrThrow("DROP DATAVERSE " + Sqlpp.identifier(settings.dataverse()) + " IF EXISTS;");
        List<Row> rows = new ArrayList<>();
        try {
            log.println("record generation ...");
            Row generation = generation(records);
            rows.add(generation);
            log.println("raw loopback TCP write ...");
            rows.add(loopback(records, generation.bytes()));
            log.println("socket feed ...");
            rows.add(feed(records, generation.bytes(), shape, settings));
            log.println("HTTP INSERT batches ...");
            rows.add(http(records, generation.bytes(), shape, settings));
        } finally {
            if (!settings.keep()) {
                client.executeOrThrow("DROP DATAVERSE " + Sqlpp.identifier(settings.dataverse()) + " IF EXISTS;");
            }
        }
        return rows;
    }

    /** The generator alone, no I/O: what every other path pays on top of its own cost. */
    private static Row generation(RecordSource records) throws IOException {
        long[] counted = { 0, 0 };
        long start = System.nanoTime();
        records.forEach(record -> {
            counted[0]++;
            counted[1] += record.getBytes(StandardCharsets.UTF_8).length + 1L;
        });
        return new Row("record generation (no I/O)", records.size(), counted[1],
                Duration.ofNanos(System.nanoTime() - start), counted[0], "generated");
    }

    private Row loopback(RecordSource records, long bytes) throws IOException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Long> received = CompletableFuture.supplyAsync(() -> drain(server));
            long start = System.nanoTime();
            try (SocketSink sink = SocketSink.connect(server.getInetAddress().getHostAddress(), server.getLocalPort(),
                    Duration.ofSeconds(5))) {
                records.forEach(sink::write);
            }
            long lines = received.join();
            return new Row("raw loopback TCP write", records.size(), bytes, Duration.ofNanos(System.nanoTime() - start),
                    lines, "received by the sink");
        }
    }

    /** Accepts one connection and counts the newlines until it closes. */
    private static long drain(ServerSocket server) {
        try (Socket socket = server.accept(); InputStream in = socket.getInputStream()) {
            byte[] buffer = new byte[1 << 16];
            long lines = 0;
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                for (int i = 0; i < n; i++) {
                    lines += buffer[i] == '\n' ? 1 : 0;
                }
            }
            return lines;
        } catch (IOException e) {
            throw new LoadException("the loopback sink failed: " + e.getMessage(), e);
        }
    }

    private Row feed(RecordSource records, long bytes, RecordShape shape, Settings settings) throws IOException {
        DatasetName dataset = new DatasetName(settings.dataverse(), "ViaFeed");
        Catalog.DatasetType type = DatasetSetup.ensure(catalog, dataset, shape, true, settings.with(),
                settings.rtree());
        SocketFeed feed = new SocketFeed(catalog, dataset, "BenchFeed", settings.feedHost(), settings.feedPort(),
                settings.mode());
        feed.prepare(type.typeName());
        feed.start();
        try {
            long start = System.nanoTime();
            try (SocketSink sink = SocketSink.connect(settings.feedHost(), feed.port(),
                    Duration.ofSeconds(30))) {
                records.forEach(sink::write);
            }
            long visible = awaitCount(dataset, records.size(), settings.stall());
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            feed.stop();
            return new Row("socket feed (" + settings.mode() + ")", records.size(), bytes, elapsed,
                    Math.max(visible, catalog.count(dataset)), "in the dataset");
        } finally {
            feed.stop();
        }
    }

    /** Polls the dataset's count until it reaches {@code expected} or stops growing for {@code stall}. */
    private long awaitCount(DatasetName dataset, long expected, Duration stall) {
        long count = catalog.count(dataset);
        long lastMove = System.nanoTime();
        while (count < expected && System.nanoTime() - lastMove < stall.toNanos()) {
            SocketSink.sleep(POLL);
            long now = catalog.count(dataset);
            if (now != count) {
                count = now;
                lastMove = System.nanoTime();
            }
        }
        return count;
    }

    private Row http(RecordSource records, long bytes, RecordShape shape, Settings settings) throws IOException {
        DatasetName dataset = new DatasetName(settings.dataverse(), "ViaHttp");
        DatasetSetup.ensure(catalog, dataset, shape, true, settings.with(), settings.rtree());
        long start = System.nanoTime();
        try (HttpBatchSink sink = new HttpBatchSink(client, dataset, settings.mode(), settings.batchSize())) {
            records.forEach(sink::write);
        }
        Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
        return new Row("HTTP " + settings.mode().keyword() + ", batches of " + settings.batchSize(), records.size(),
                bytes, elapsed, catalog.count(dataset), "in the dataset");
    }

    /** The rows side by side, with a header naming the records. */
    public static String table(String title, List<Row> rows) {
        StringBuilder out = new StringBuilder(title).append('\n');
        out.append(String.format(Locale.ROOT, "%-30s %10s %10s %12s %9s  %s%n", "path", "records", "seconds",
                "records/s", "MB/s", "arrived"));
        for (Row row : rows) {
            out.append(String.format(Locale.ROOT, "%-30s %,10d %10.2f %,12.0f %9.1f  %,d %s%n", row.path(),
                    row.records(), row.elapsed().toNanos() / 1e9, row.recordsPerSecond(), row.megabytesPerSecond(),
                    row.arrived(), row.arrivedWhere()));
        }
        return out.toString();
    }
}
