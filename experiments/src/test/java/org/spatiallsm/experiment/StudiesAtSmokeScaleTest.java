package org.spatiallsm.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.experiment.bench.GridDensityBench;
import org.spatiallsm.experiment.bench.IndexJoinBench;
import org.spatiallsm.experiment.bench.IndexSweep;
import org.spatiallsm.experiment.bench.IngestBenchmark;
import org.spatiallsm.experiment.bench.KnnBench;
import org.spatiallsm.experiment.bench.OrganisationRow;
import org.spatiallsm.experiment.report.Plot;
import org.spatiallsm.experiment.report.Report;
import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.load.FeedMode;
import org.spatiallsm.load.GeneratedRecords;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Every study at smoke scale on the in-process cluster: the run folder has the fields and columns the report reads,
 * and its figures agree with themselves and with the cluster. No performance value is asserted.
 */
@ExtendWith(SpatialClusterExtension.class)
class StudiesAtSmokeScaleTest {

    @TempDir
    Path out;

    static List<String> studies() {
        return Studies.ALL.stream().map(Study::name).toList();
    }

    @ParameterizedTest
    @MethodSource("studies")
    void aSmokeRunWritesAConsistentRunFolder(String name, QueryServiceClient client) throws Exception {
        Study study = Studies.named(name);
        // keep=true: the datasets stay, so that the last component sample can be compared with the listing.
        RunFolder folder = new ExperimentRunner(client, System.err).run(study, Scale.SMOKE, List.of("keep=true"),
                out, false);

        JsonNode run = folder.readRun();
        for (String field : List.of("study", "title", "scale", "startedAt", "finishedAt", "commit", "machine",
                "cluster", "parameters", "changedParameters", "configurations", "indexVsCache", "published")) {
            assertThat(run.has(field)).as("run.json has %s", field).isTrue();
        }
        assertThat(run.path("study").asText()).isEqualTo(name);
        assertThat(run.path("finishedAt").isTextual()).isTrue();
        assertThat(run.path("changedParameters").toString()).isEqualTo("[\"keep\"]");
        assertThat(run.path("cluster").path("nodes").asInt()).isPositive();
        assertThat(run.path("cluster").path("partitions").asInt()).isPositive();
        assertThat(run.path("machine").path("cores").asInt()).isPositive();
        ExperimentRunner.preset(study, Scale.SMOKE).keySet()
                .forEach(knob -> assertThat(run.path("parameters").has(knob)).as(knob).isTrue());

        List<Configuration> configurations = study.configurations(Parameters.of(ExperimentRunner.preset(study,
                Scale.SMOKE), List.of()));
        assertThat(run.path("configurations")).hasSize(configurations.size());
        ClusterSession cluster = new ClusterSession(client, ExperimentRunner.dataverse(study));
        for (Configuration configuration : configurations) {
            Path dir = folder.root().resolve(configuration.id());
            assertThat(dir.resolve(RunFolder.COMPLETE_JSON)).isRegularFile();
            List<Map<String, String>> queries = rows(dir.resolve("queries.csv"), ConfigurationRun.QUERY_COLUMNS);
            List<Map<String, String>> events = rows(dir.resolve("io-events.csv"), ConfigurationRun.IO_EVENT_COLUMNS);
            List<Map<String, String>> throughput = rows(dir.resolve("throughput.csv"),
                    ConfigurationRun.THROUGHPUT_COLUMNS);
            List<Map<String, String>> components = rows(dir.resolve("components.csv"),
                    ConfigurationRun.COMPONENT_COLUMNS);
            List<Map<String, String>> builds = rows(dir.resolve("builds.csv"), ConfigurationRun.BUILD_COLUMNS);
            assertThat(throughput).as("throughput of %s", configuration.id()).isNotEmpty();
            if (run.path("parameters").has("organisations")) {
                // Kim's static workload: the measured index rebuilt once, timed, with its bytes after the build.
                assertThat(builds).as("builds of %s", configuration.id()).singleElement()
                        .satisfies(b -> assertThat(b.get("index")).isEqualTo("spatialIndex"))
                        .satisfies(b -> assertThat(Double.parseDouble(b.get("duration_ms"))).isPositive())
                        .satisfies(b -> assertThat(Long.parseLong(b.get("index_bytes"))).isPositive());
            } else {
                assertThat(builds).as("builds of %s", configuration.id()).isEmpty();
            }
            assertThat(events).as("flushes of %s", configuration.id()).anyMatch(e -> e.get("kind").equals("flush"));
            if (run.path("parameters").has("queries")) {
                assertThat(queries).as("queries of %s", configuration.id()).isNotEmpty()
                        .allMatch(q -> Long.parseLong(q.get("results")) >= 1);
            }
            // Write amplification of every index: (flush + merge bytes) / flush bytes >= 1.
            Map<String, long[]> written = new HashMap<>();
            for (Map<String, String> event : events) {
                long[] bytes = written.computeIfAbsent(event.get("index"), i -> new long[2]);
                bytes[1] += Long.parseLong(event.get("bytes_out"));
                if (event.get("kind").equals("flush")) {
                    bytes[0] += Long.parseLong(event.get("bytes_out"));
                }
            }
            written.forEach((index, bytes) -> assertThat((double) bytes[1] / bytes[0])
                    .as("write amplification of %s in %s", index, configuration.id()).isGreaterThanOrEqualTo(1));
            // The last sample per index and level equals the listing now (the run settled its merges first).
            Map<String, Long> lastSample = new TreeMap<>();
            String lastT = components.get(components.size() - 1).get("t_ms");
            components.stream().filter(c -> c.get("t_ms").equals(lastT))
                    .forEach(c -> lastSample.put(c.get("index") + "@" + c.get("level"),
                            Long.parseLong(c.get("components"))));
            Map<String, Long> listed = new TreeMap<>();
            for (IndexComponents partition : cluster.lsm().components(cluster.dataverse(),
                    configuration.datasetName())) {
                for (int i = 0; i < partition.components().size(); i++) {
                    listed.merge(partition.where().index() + "@" + partition.levels().get(i).orElse(0), 1L,
                            Long::sum);
                }
            }
            assertThat(lastSample).as("components of %s", configuration.id()).isEqualTo(listed);
        }
        // The report reads this folder: report.html and every plot it draws, as PNG and SVG.
        List<Plot> plots = Report.write(folder.root());
        assertThat(plots).as("plots of %s", name).isNotEmpty();
        assertThat(folder.root().resolve(Report.HTML_FILE)).isRegularFile();
        for (Plot plot : plots) {
            for (String kind : List.of(".png", ".svg")) {
                assertThat(folder.root().resolve(Report.PLOTS_FOLDER).resolve(plot.id() + kind)).isNotEmptyFile();
            }
        }
        cluster.dropDataverse();
    }

    /**
     * The bench commands' sweeps on one tiny dataset: each index is built, measured and dropped in turn, and every
     * index finds the same records and pairs. A bad index type's error lands in its own row. Without keep the scratch
     * dataverse is gone afterwards; with it, the dataset and the last index stay.
     */
    @Test
    void theIndexSweepsMeasureEveryIndexOnOneDataset(QueryServiceClient client) throws Exception {
        PrintWriter progress = new PrintWriter(System.err, true);
        IndexSweep points = new IndexSweep(client, "SweepSmoke", RecordShapes.named("tweet"), false, progress);
        List<OrganisationRow> rows = new GridDensityBench(300, "uniform", 1, List.of(10.0), 1, 0).run(points, "",
                false, List.of(Organisation.RTREE, Organisation.shb("l,l,l,l,h,m", false),
                        new Organisation("bogus", "TYPE NOSUCHTYPE")));
        assertThat(rows).extracting(OrganisationRow::label).containsExactly("rtree", rows.get(1).label(), "bogus");
        assertThat(rows.get(0).error()).isNull();
        assertThat(rows.get(1).error()).isNull();
        assertThat(rows.get(2).error()).isNotBlank().doesNotContain("\n");
        assertThat(rows.get(0).results().get(10.0)).isPositive().isEqualTo(rows.get(1).results().get(10.0));
        assertThat(rows.get(1).candidates().getAsLong()).isGreaterThanOrEqualTo(rows.get(1).refined().getAsLong());
        assertThat(count(client, "SELECT VALUE COUNT(*) FROM Metadata.`Dataverse` d WHERE "
                + "d.DataverseName = 'SweepSmoke';")).as("scratch dataverse dropped").isZero();

        // Kept: the dataset with its records, and the last index only (the R-tree was dropped before the DHVB-tree).
        IndexJoinBench joins = new IndexJoinBench(300, "uniform", 1, List.of(10.0), 5, 1, 0,
                new RecordTransport(false, 100));
        List<IndexJoinBench.Column> columns = joins.run(points, "", true, Organisation.organisations(
                List.of("rtree", "dhvb"), false));
        assertThat(columns).extracting(IndexJoinBench.Column::error).containsOnlyNulls();
        assertThat(columns.get(0).pairs().get(10.0)).isPositive().isEqualTo(columns.get(1).pairs().get(10.0));
        assertThat(count(client, "SELECT VALUE COUNT(*) FROM SweepSmoke.Data;")).as("kept records").isEqualTo(300);
        assertThat(client.executeOrThrow("SELECT i.IndexName, s.Organisation FROM Metadata.`Index` i "
                + "LEFT OUTER JOIN SpatialLsm.IndexStorage s ON s.DataverseName = i.DataverseName "
                + "AND s.DatasetName = i.DatasetName AND s.IndexName = i.IndexName "
                + "WHERE i.DataverseName = 'SweepSmoke' AND NOT i.IsPrimary;").results())
                .map(JsonNode::toString).as("kept indexes")
                .containsExactly("{\"IndexName\":\"spatialIndex\",\"Organisation\":\"dhvb\"}");

        // bench knn: the kNN search and the scan on the R-tree and the DHVB-tree answer alike, k ids each (or all
        // 300); the R-tree's kNN search is counted, the scan does not touch the index.
        IndexSweep knnPoints = new IndexSweep(client, "SweepSmoke", RecordShapes.named("spatial"), false, progress);
        List<KnnBench.Column> knn = new KnnBench(300, "uniform", 1, List.of(1, 500), 2, 1,
                List.of(KnnBench.Plan.AS_WRITTEN, KnnBench.Plan.SCAN), new RecordTransport(false, 100))
                .run(knnPoints, "", false, Organisation.organisations(List.of("rtree", "dhvb"), false));
        assertThat(knn).extracting(KnnBench.Column::error).containsOnlyNulls();
        assertThat(knn).extracting(c -> c.index() + " " + c.plan()).containsExactly("rtree as-written", "rtree scan",
                "dhvb as-written", "dhvb scan");
        for (KnnBench.Column column : knn) {
            assertThat(column.samples()).extracting(KnnBench.Sample::ids).as(column.index() + " " + column.plan())
                    .isEqualTo(knn.get(0).samples().stream().map(KnnBench.Sample::ids).toList());
            assertThat(column.samples()).extracting(sample -> sample.ids().size()).containsExactly(1, 1, 300, 300);
        }
        assertThat(knn.get(0).samples()).allSatisfy(sample -> assertThat(sample.entriesRead()).isPositive());
        assertThat(knn.get(1).samples()).allSatisfy(sample -> assertThat(sample.entriesRead()).isZero());
    }

    /** {@code bench ingest}: the same records through each loading path, all of them arriving. */
    @Test
    void ingestBenchmarkDeliversEveryRecordOnEveryPath(QueryServiceClient client) throws IOException {
        RecordGenerator data = new RecordGenerator(PointDistributions.create("uniform", Map.of(), 9),
                RecordShapes.named("spatial"), 9);

        List<IngestBenchmark.Row> rows = new IngestBenchmark(client, System.err).run(
                new GeneratedRecords(data, 0, 2000), data.shape(), new IngestBenchmark.Settings("BenchIT", "127.0.0.1",
                        10109, FeedMode.INSERT, 500, true, null, Duration.ofSeconds(30), false));

        assertThat(rows).extracting(IngestBenchmark.Row::path).containsExactly("record generation (no I/O)",
                "raw loopback TCP write", "socket feed (insert)", "HTTP INSERT, batches of 500");
        assertThat(rows).allSatisfy(row -> assertThat(row.arrived()).isEqualTo(2000));
        assertThat(IngestBenchmark.table("title", rows)).contains("records/s", "MB/s", "2,000 in the dataset");
        assertThat(client.executeOrThrow("SELECT VALUE COUNT(*) FROM Metadata.`Dataverse` d "
                + "WHERE d.DataverseName = 'BenchIT';").results().get(0).asLong()).isZero();
    }

    private static long count(QueryServiceClient client, String query) {
        return client.executeOrThrow(query).results().get(0).asLong();
    }

    /** The rows of a CSV file whose header is exactly {@code columns}; cells never quoted in these files. */
    private static List<Map<String, String>> rows(Path csv, List<String> columns) throws IOException {
        List<String> lines = Files.readAllLines(csv, StandardCharsets.UTF_8);
        assertThat(lines).as(csv.toString()).isNotEmpty();
        assertThat(List.of(lines.get(0).split(","))).as("header of %s", csv).isEqualTo(columns);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] cells = line.split(",", -1);
            assertThat(cells).as("a row of %s", csv).hasSize(columns.size());
            Map<String, String> row = new HashMap<>();
            for (int i = 0; i < cells.length; i++) {
                row.put(columns.get(i), cells[i]);
            }
            rows.add(row);
        }
        return rows;
    }
}
