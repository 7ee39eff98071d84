package org.spatiallsm.experiment.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;

/** The raw samples of one configuration, read from its subfolder of the run folder. */
public record ConfigurationData(RunInfo.Configuration configuration, boolean complete, List<Query> queries,
        List<IoEvent> ioEvents, List<ThroughputSample> throughput, List<ComponentSample> components,
        List<Build> builds) {

    /** One search: {@code sigma} is NaN where the query kind has no selectivity, as are unknown counts. */
    public record Query(String phase, String kind, double sigma, double latencyMs, double componentsOpened,
            double pagesRead) {
    }

    /** One flush or merge of one index partition. */
    public record IoEvent(double tMs, double recordsIngested, String index, String kind, double bytesOut,
            double entriesOut) {
        public boolean isFlush() {
            return "flush".equals(kind);
        }
    }

    /** The ingestion rate over one fixed interval of the load phase. */
    public record ThroughputSample(double tMs, double recordsIngested, double recordsPerSecond) {
    }

    /** The disk components of one level of one index at one sampling time. */
    public record ComponentSample(double tMs, double recordsIngested, String index, int level, double components,
            double bytes) {
    }

    /** An index built on loaded data ({@code CREATE INDEX}): its time as the client saw it and its bytes after. */
    public record Build(double tMs, String phase, String index, double durationMs, double indexBytes) {
    }

    /** The file {@code complete.json} that the harness writes last into a finished configuration's folder. */
    public static final String COMPLETE_MARKER = "complete.json";

    public static ConfigurationData read(Path runFolder, RunInfo.Configuration configuration) {
        Path folder = runFolder.resolve(configuration.id());
        List<Query> queries = CsvRow.read(folder.resolve("queries.csv")).stream()
                .map(r -> new Query(r.text("phase"), r.text("query_kind"), r.number("sigma"), r.number("latency_ms"),
                        r.number("components_opened"), r.number("pages_read")))
                .toList();
        List<IoEvent> ioEvents = CsvRow.read(folder.resolve("io-events.csv")).stream()
                .map(r -> new IoEvent(r.number("t_ms"), r.number("records_ingested"), r.text("index"),
                        r.text("kind"), r.number("bytes_out"), r.number("entries_out")))
                // Cumulative sums need one timeline; rows without a time go last (Double.compare puts NaN last).
                .sorted(Comparator.comparingDouble(IoEvent::tMs))
                .toList();
        List<ThroughputSample> throughput = CsvRow.read(folder.resolve("throughput.csv")).stream()
                .map(r -> new ThroughputSample(r.number("t_ms"), r.number("records_ingested"),
                        r.number("records_per_s")))
                .toList();
        List<ComponentSample> components = CsvRow.read(folder.resolve("components.csv")).stream()
                .map(r -> new ComponentSample(r.number("t_ms"), r.number("records_ingested"), r.text("index"),
                        level(r), r.number("components"), r.number("bytes")))
                .toList();
        List<Build> builds = CsvRow.read(folder.resolve("builds.csv")).stream()
                .map(r -> new Build(r.number("t_ms"), r.text("phase"), r.text("index"), r.number("duration_ms"),
                        r.number("index_bytes")))
                .toList();
        boolean complete = configuration.complete() || Files.exists(folder.resolve(COMPLETE_MARKER));
        return new ConfigurationData(configuration, complete, queries, ioEvents, throughput, components,
                builds);
    }

    /** The label the plots give this configuration; an unfinished one says so. */
    public String label() {
        return complete ? configuration.label() : configuration.label() + " (incomplete)";
    }

    private static int level(CsvRow row) {
        double level = row.number("level");
        return Double.isNaN(level) ? 0 : (int) level;
    }
}
