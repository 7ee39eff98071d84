package org.spatiallsm.compat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.apache.asterix.test.common.TestExecutor;
import org.apache.asterix.testframework.context.TestCaseContext;
import org.apache.asterix.testframework.xml.TestGroup;
import org.apache.asterix.testframework.xml.TestSuite;
import org.apache.asterix.testframework.xml.TestSuiteParser;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * AsterixDB 0.9.8's own SQL++ runtime tests of the groups spatial-lsm's changes touch, with their expected results,
 * run by AsterixDB's own TestExecutor against a cluster that has all of spatial-lsm's extensions enabled (our
 * parser, statement executor, metadata provider). The cluster uses the configuration AsterixDB's suite was written
 * for (two NCs with two partitions each), plus our extension sections.
 *
 * <p>With {@code -Dspatiallsm.compat.baseline=true} the same cases run without our extensions, to tell whether a
 * failure is ours or the environment's.
 */
@Tag("extended") // long: ./scripts/test --extended runs it
class StockSqlppSuiteTest {

    private static final Set<String> GROUPS = Set.of("ddl", "dml", "load", "spatial", "feeds", "index-selection");
    private static final Path SUITE_ROOT = Path.of("src", "test", "resources", "runtimets");
    private static final boolean BASELINE = Boolean.getBoolean("spatiallsm.compat.baseline");
    private static final Map<String, String> KNOWN_ENVIRONMENT_FAILURES = knownEnvironmentFailures();

    private static SpatialTestCluster cluster;
    private static final TestExecutor EXECUTOR = new TestExecutor();
    private static final TestGroup FAILED = new TestGroup();

    @BeforeAll
    static void startClusterWithStockTestConfiguration() throws Exception {
        cluster = new SpatialTestCluster(Path.of("target", "stock-suite-cluster"), stockConfiguration());
        cluster.start();
        if (!BASELINE) {
            // The point of the suite: prove that the extensions are really in play before trusting a green run.
            assertThat(cluster.client().executeOrThrow("SELECT VALUE COUNT(*) FROM SpatialLsm.IndexStorage s;")
                    .results()).as("spatial-lsm's metadata extension is active").hasSize(1);
            assertThat(cluster.client().execute("CREATE DATAVERSE Probe IF NOT EXISTS; USE Probe; "
                    + "CREATE TYPE T AS {id: int64, p: point}; CREATE DATASET D(T) PRIMARY KEY id; "
                    + "CREATE INDEX i ON D(p) TYPE RTREE WITH {\"comparator\": \"simple\"}; "
                    + "DROP DATAVERSE Probe;").isSuccess()).as("spatial-lsm's parser is active").isTrue();
        }
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.stop();
        }
    }

    @TestFactory
    Stream<DynamicTest> stockRuntimeTests() throws Exception {
        TestSuite suite = new TestSuiteParser().parse(SUITE_ROOT.resolve("testsuite_sqlpp.xml").toFile());
        suite.getTestGroup().removeIf(group -> !GROUPS.contains(group.getName()));
        List<TestCaseContext> cases = new TestCaseContext.Builder().build(SUITE_ROOT.toFile(), suite);
        return cases.stream().map(testCase -> DynamicTest.dynamicTest(testCase.toString(), () -> run(testCase)));
    }

    private static void run(TestCaseContext testCase) throws Exception {
        String why = KNOWN_ENVIRONMENT_FAILURES.get(testCase.toString());
        assumeFalse(why != null, () -> "fails without spatial-lsm too: " + why);
        try {
            EXECUTOR.executeTest("target" + File.separator + "rttest" + File.separator, testCase, null, false, FAILED);
        } finally {
            EXECUTOR.cleanup(testCase.toString(), new ArrayList<>());
        }
    }

    /**
     * AsterixDB's test cc.conf, less its application classes (the harness picks them) and with warnings-only logs,
     * plus our extensions.
     */
    private static String stockConfiguration() {
        try (InputStream in = TestExecutor.class.getClassLoader().getResourceAsStream("cc.conf")) {
            StringBuilder conf = new StringBuilder();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.startsWith("app.class=")) {
                    conf.append(line.startsWith("log.level") ? "log.level = WARN" : line).append('\n');
                }
            }
            return BASELINE ? conf.toString() : conf + "\n" + SpatialTestCluster.extensionSections();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code test case name<TAB>reason} lines, for cases that fail on this machine with and without spatial-lsm. */
    private static Map<String, String> knownEnvironmentFailures() {
        Map<String, String> failures = new TreeMap<>();
        try (InputStream in = StockSqlppSuiteTest.class.getResourceAsStream("/known-environment-failures.tsv")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    String[] parts = line.split("\t", 2);
                    failures.put(parts[0].strip(), parts.length > 1 ? parts[1].strip() : "");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return failures;
    }

}
