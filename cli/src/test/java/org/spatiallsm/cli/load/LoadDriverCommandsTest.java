package org.spatiallsm.cli.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.spatiallsm.cli.CliRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** generate, load and bench on the command line: output, determinism and one-line errors (no cluster needed). */
class LoadDriverCommandsTest {

    @TempDir
    Path directory;

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    @Test
    void generateRecordsWritesOneAdmRecordPerLineDeterministically() {
        CliRun first = run("generate", "records", "--distribution", "osm-like", "--records", "50", "--seed", "7");
        CliRun again = run("generate", "records", "--distribution", "osm-like", "--records", "50", "--seed", "7");
        CliRun other = run("generate", "records", "--distribution", "osm-like", "--records", "50", "--seed", "8");

        assertThat(first.exitCode()).isZero();
        assertThat(first.lines()).hasSize(50).allSatisfy(line -> assertThat(line)
                .matches("\\{\"id\": \\d+, \"payload\": \"[A-Za-z0-9]{1000}\", \"loc\": "
                        + "point\\(\"[-0-9.]+,[-0-9.]+\"\\)\\}"));
        assertThat(again.out()).isEqualTo(first.out());
        assertThat(other.out()).isNotEqualTo(first.out());
    }

    @Test
    void aSliceOfIdsIsTheSameAsThoseLinesOfTheWhole() {
        List<String> whole = run("generate", "records", "--shape", "tweet", "--records", "30").lines();
        List<String> slice = run("generate", "records", "--shape", "tweet", "--start-id", "10", "--records", "5")
                .lines();
        assertThat(slice).isEqualTo(whole.subList(10, 15));
    }

    @Test
    void generateWritesJsonToAFile() throws IOException {
        Path file = directory.resolve("points.json");
        CliRun run = run("generate", "records", "--shape", "point", "--distribution", "geospark", "--param",
                "cell=exponential", "--records", "3", "--format", "json", "--output", file.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out()).isEmpty();
        assertThat(Files.readAllLines(file)).hasSize(3)
                .allSatisfy(line -> assertThat(line).matches("\\{\"id\": \\d, \"loc\": \\[[-0-9.]+, [-0-9.]+\\]\\}"));
    }

    @Test
    void generateQueriesCentresSqlppRectanglesAndCirclesOnInsertedRecords() {
        CliRun rectangles = run("generate", "queries", "--records", "1000", "--queries", "4", "--sigma", "2",
                "--dataset", "Geo.Points");
        assertThat(rectangles.exitCode()).isZero();
        assertThat(rectangles.lines()).hasSize(4).allSatisfy(line -> assertThat(line).startsWith(
                "SELECT VALUE COUNT(*) FROM Geo.Points AS t WHERE spatial_intersect(t.`loc`, create_rectangle("));

        CliRun circles = run("generate", "queries", "--shape", "tweet", "--kind", "circle", "--radius", "0.01,0.1",
                "--queries", "2", "--format", "adm", "--dataset", "Tweets");
        assertThat(circles.lines()).hasSize(2);
        assertThat(circles.lines().get(0)).contains("\"radius\": 0.01").startsWith("{\"qid\": 0, \"centre-id\": ");
        assertThat(circles.lines().get(1)).contains("\"radius\": 0.1");
    }

    @Test
    void distributionsListsEveryParameterWithItsDefault() {
        CliRun run = run("generate", "distributions");
        assertThat(run.out()).contains("osm-like", "gamma=0.8", "gaussian", "clusters=125", "geospark", "grid=30",
                "tweet");
    }

    @Test
    void badGeneratorInputIsAOneLineErrorWithExitCode2() {
        assertOneLineError(run("generate", "records", "--distribution", "zipf"), 2,
                "error: unknown distribution 'zipf' (known: uniform, osm-like, gaussian, geospark)");
        assertOneLineError(run("generate", "records", "--param", "gamma=2"), 2,
                "error: distribution uniform has no parameter 'gamma' (it takes none)");
        assertOneLineError(run("generate", "records", "--records", "-1"), 2, "error: --records must be >= 0, got -1");
        assertOneLineError(run("generate", "records", "--format", "csv"), 2,
                "error: --format must be one of adm, json, got 'csv'");
        assertOneLineError(run("generate", "queries", "--kind", "polygon"), 2,
                "error: --kind must be rectangle or circle, got 'polygon'");
        assertOneLineError(run("generate", "queries", "--kind", "circle", "--radius", "0"), 2,
                "error: --radius values must be > 0, got 0.0");
        assertOneLineError(run("generate", "queries", "--records", "0"), 2,
                "error: queries need at least one inserted record to centre on, got 0");
        assertOneLineError(run("generate", "records", "--output", directory.resolve("no/such/file").toString()), 2,
                "error: no such directory: " + directory.resolve("no/such"));
    }

    @Test
    void loadAndBenchSayWhenNoClusterAnswers() {
        assertOneLineError(run("load", "--dataset", "Geo.Points", "--endpoint", "http://127.0.0.1:1"), 3,
                "error: no spatial-lsm cluster answers at http://127.0.0.1:1 (start one with ./scripts/start)");
        assertOneLineError(run("bench", "ingest", "--endpoint", "http://127.0.0.1:1", "--records", "10"), 3,
                "error: no spatial-lsm cluster answers at http://127.0.0.1:1 (start one with ./scripts/start)");
    }

    @Test
    void badLoadOptionsAreRefusedBeforeContactingTheCluster() {
        assertOneLineError(run("load", "--dataset", "Points", "--endpoint", "http://127.0.0.1:1"), 2,
                "error: --dataset must be DATAVERSE.DATASET, got 'Points'");
        assertOneLineError(run("load", "--dataset", "Geo.Points", "--feed-address", "localhost", "--endpoint",
                "http://127.0.0.1:1"), 2, "error: --feed-address must be HOST:PORT, got 'localhost'");
        assertOneLineError(run("load", "--dataset", "Geo.Points", "--mode", "merge", "--endpoint",
                "http://127.0.0.1:1"), 2, "error: --mode must be insert or upsert, got 'merge'");
        assertOneLineError(run("load", "--dataset", "Geo.Points", "--create", "--no-rtree", "--index-with",
                "{\"comparator\": \"simple\"}", "--endpoint", "http://127.0.0.1:1"), 2,
                "error: --index-with configures the R-tree that --no-rtree leaves out; give one of them");
        assertOneLineError(run("load", "--dataset", "Geo.Points", "--file", directory.resolve("none.adm").toString(),
                "--endpoint", "http://127.0.0.1:1"), 2, "error: no such file: " + directory.resolve("none.adm"));
        CliRun both = run("load", "--dataset", "Geo.Points", "--feed", "--http");
        assertThat(both.exitCode()).isEqualTo(2);
        assertThat(both.err()).contains("mutually exclusive");
    }

    private static void assertOneLineError(CliRun run, int exitCode, String message) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(exitCode);
        assertThat(run.err().strip()).isEqualTo(message);
    }
}
