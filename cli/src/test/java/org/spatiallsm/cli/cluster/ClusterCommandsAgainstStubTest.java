package org.spatiallsm.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.spatiallsm.cli.CliRun;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * sqlpp and components against a stub cluster controller on loopback: statement by statement results, errors that
 * name the statement, and the failed-node case (an UNUSABLE cluster, an NC whose API port refuses connections).
 */
class ClusterCommandsAgainstStubTest {

    private static final Pattern SELECT_VALUE = Pattern.compile("SELECT VALUE (\\d+);$");

    private HttpServer cc;
    /** Every statement text the stub's query service received, in order. */
    private final List<String> requests = new CopyOnWriteArrayList<>();
    private volatile String clusterState = "ACTIVE";
    private volatile String nc2State = "ACTIVE";
    /** nc2's nc.api.port: a loopback port nothing listens on. */
    private int refusedPort;

    @TempDir
    Path dir;

    @BeforeEach
    void startStub() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            refusedPort = probe.getLocalPort();
        }
        cc = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        cc.createContext("/query/service", this::queryService);
        cc.createContext("/admin/cluster", this::adminCluster);
        // nc1's API is the stub itself: it stores no partition of the dataset.
        cc.createContext("/spatial-lsm/components", exchange -> respond(exchange, 200, "{\"node\": \"nc1\", "
                + "\"dataverse\": \"Tour\", \"dataset\": \"CheckIns\", \"indexes\": []}"));
        cc.start();
    }

    @AfterEach
    void stopStub() {
        cc.stop(0);
    }

    private String endpoint() {
        return "http://127.0.0.1:" + cc.getAddress().getPort();
    }

    /** Like 0.9.8: a request's result is its last statement's; a cluster that is not ACTIVE refuses with HTTP 500. */
    private void queryService(HttpExchange exchange) throws IOException {
        String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        String statement = URLDecoder.decode(form.substring("statement=".length(), form.indexOf('&')),
                StandardCharsets.UTF_8);
        requests.add(statement);
        if (!"ACTIVE".equals(clusterState)) {
            respond(exchange, 500, "{\"errors\": [{\"code\": 1, \"msg\": \"IllegalStateException: Cannot execute "
                    + "request, cluster is " + clusterState + "\"}], \"status\": \"fatal\"}");
        } else if (statement.contains("Metadata.`Dataset`")) {
            respond(exchange, 200, "{\"results\": [7], \"status\": \"success\"}");
        } else if (statement.contains("NaN")) {
            // 0.9.8 prints a point's or a rectangle's coordinates bare, NaN and infinities included.
            respond(exchange, 200, "{\"results\": [ [NaN, 1.0], { \"id\": 2, \"area\": [ [-Infinity, 0.5], "
                    + "[Infinity, 2.0] ] } ], \"status\": \"success\"}");
        } else if (statement.contains("FRM")) {
            respond(exchange, 400, "{\"errors\": [{\"code\": 1001, \"msg\": \"Syntax error: In line 1 >>" + "FRM"
                    + "<<\"}], \"status\": \"fatal\"}");
        } else if (statement.contains("warns")) {
            respond(exchange, 200, "{\"results\": [], \"warnings\": [{\"code\": 1, \"msg\": \"ASX0002: Type "
                    + "mismatch\"}], \"status\": \"success\", \"metrics\": {\"elapsedTime\": \"4.2ms\", "
                    + "\"resultCount\": 0, \"warningCount\": 1}}");
        } else {
            Matcher select = SELECT_VALUE.matcher(statement);
            respond(exchange, 200, "{\"results\": [" + (select.find() ? select.group(1) : "") + "], \"status\": "
                    + "\"success\", \"metrics\": {\"elapsedTime\": \"1.5ms\", \"resultCount\": 1}}");
        }
    }

    private void adminCluster(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getPath();
        Map<String, Integer> apiPorts = Map.of("nc1", cc.getAddress().getPort(), "nc2", refusedPort);
        if (path.equals("/admin/cluster")) {
            respond(exchange, 200, "{\"state\": \"" + clusterState + "\", \"ncs\": [{\"node_id\": \"nc1\", \"state\": "
                    + "\"ACTIVE\"}, {\"node_id\": \"nc2\", \"state\": \"" + nc2State + "\"}]}");
        } else {
            String node = path.split("/")[4];
            respond(exchange, 200, "{\"config\": [{\"section\": \"nc\", \"properties\": {\"address\": \"127.0.0.1\", "
                    + "\"nc.api.port\": " + apiPorts.get(node) + "}}]}");
        }
    }

    private static void respond(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    private static CliRun run(String... args) {
        return CliRun.of(args);
    }

    private CliRun sqlpp(String script) throws IOException {
        Path file = Files.writeString(dir.resolve("script.sqlpp"), script);
        return run("sqlpp", "--endpoint", endpoint(), file.toString());
    }

    @Test
    void sqlppPrintsTheResultOfEveryStatementInOrder() throws IOException {
        CliRun run = sqlpp("SELECT VALUE 1; SELECT VALUE 2;\nSELECT VALUE 3;");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines()).containsExactly("1", "2", "3");
        assertThat(requests).as("each where it stands in the file").containsExactly("SELECT VALUE 1;",
                "                SELECT VALUE 2;", "\nSELECT VALUE 3;");
    }

    @Test
    void sqlppReadsAndPrintsNaNAndInfinitiesAsAsterixDbWritesThem() throws IOException {
        CliRun run = sqlpp("SELECT VALUE t FROM NaNs t;");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines()).containsExactly("[NaN,1.0]",
                "{\"id\":2,\"area\":[[-Infinity,0.5],[Infinity,2.0]]}");
    }

    @Test
    void sqlppSendsTheUseInForceWithEveryLaterStatement() throws IOException {
        CliRun run = sqlpp("CREATE DATAVERSE Tour;\nUSE Tour;\nCREATE TYPE T AS { id: int64 };\nSELECT VALUE 4;\n");

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines()).containsExactly("4");
        assertThat(requests).containsExactly("CREATE DATAVERSE Tour;", "\nUSE Tour;",
                "USE Tour;\n\nCREATE TYPE T AS { id: int64 };", "USE Tour;\n\n\nSELECT VALUE 4;");
    }

    @Test
    void sqlppWithMetricsPrintsEachStatementsMetricsAndWarningsOnStderr() throws IOException {
        Path file = Files.writeString(dir.resolve("script.sqlpp"), "SELECT VALUE 1;\nSELECT VALUE t.warns FROM T t;");

        CliRun run = run("sqlpp", "--endpoint", endpoint(), "--metrics", file.toString());

        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.out().lines()).containsExactly("1");
        assertThat(run.err().lines()).containsExactly(
                "-- statement 1 (line 1, SELECT VALUE 1;): elapsedTime 1.5ms, resultCount 1",
                "-- statement 2 (line 2, SELECT VALUE t.warns FROM T t;): elapsedTime 4.2ms, resultCount 0, "
                        + "warningCount 1",
                "-- warning: 1: ASX0002: Type mismatch");
    }

    @Test
    void sqlppWithoutMetricsPrintsNothingOnStderr() throws IOException {
        CliRun run = sqlpp("SELECT VALUE t.warns FROM T t;");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
    }

    @Test
    void sqlppNamesTheStatementThatFailedAndRunsNoneAfterIt() throws IOException {
        CliRun run = sqlpp("SELECT VALUE 1;\n-- the typo\nSELECT VALUE t FRM T t;\nSELECT VALUE 3;");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out().lines()).containsExactly("1");
        assertThat(run.err()).isEqualTo("error: statement 2 (line 3, SELECT VALUE t FRM T t;): 1001: Syntax error: "
                + "In line 1 >>FRM<<" + System.lineSeparator());
        assertThat(requests).hasSize(2);
    }

    @Test
    void sqlppOfASingleStatementReportsTheErrorAsItIs() throws IOException {
        CliRun run = sqlpp("SELECT VALUE t FRM T t;");

        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.err()).startsWith("error: 1001: Syntax error");
    }

    @Test
    void sqlppRefusesAFileWithoutStatements() throws IOException {
        CliRun run = sqlpp("-- nothing yet\n");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("holds no SQL++ statement");
        assertThat(requests).isEmpty();
    }

    @Test
    void sqlppRefusesAnUnreadableFileInOneLine() {
        CliRun run = run("sqlpp", "--endpoint", endpoint(), dir.toString());

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err().strip()).doesNotContain("\n").startsWith("error: cannot read " + dir);
        assertThat(requests).isEmpty();
    }

    @Test
    void sqlppAgainstAnUnusableClusterNamesTheFailedNodeAndExits3() throws IOException {
        clusterState = "UNUSABLE";
        nc2State = "FAILED";

        CliRun run = sqlpp("SELECT VALUE 1;");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err().strip()).doesNotContain("\n").startsWith("error: the cluster at " + endpoint()
                + " is UNUSABLE, not ACTIVE: node nc2 is FAILED").contains("When a node controller fails");
    }

    @Test
    void componentsAgainstAnUnusableClusterNamesTheFailedNodeAndExits3() {
        clusterState = "UNUSABLE";
        nc2State = "FAILED";

        CliRun run = run("components", "--endpoint", endpoint(), "--dataverse", "Tour", "--dataset", "CheckIns");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err().strip()).doesNotContain("\n").contains("is UNUSABLE, not ACTIVE: node nc2 is FAILED");
    }

    @Test
    void componentsWhenANodesApiPortRefusesNamesTheNodeAndItsAddress() {
        // The cluster controller has not noticed yet (it takes about 50 s), so the cluster is still ACTIVE.
        CliRun run = run("components", "--endpoint", endpoint(), "--dataverse", "Tour", "--dataset", "CheckIns");

        assertThat(run.exitCode()).isEqualTo(3);
        assertThat(run.err().strip()).doesNotContain("\n").startsWith("error: node nc2 does not answer at "
                + "http://127.0.0.1:" + refusedPort + ": it is down, or its nc.api.port cannot be reached from here");
    }
}
