package org.spatiallsm.cli.cluster;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.QueryServiceUnavailableException;
import org.spatiallsm.client.SqlppScript;

import com.fasterxml.jackson.databind.JsonNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Runs a file of SQL++ statements against a running cluster, one request per statement (AsterixDB answers a request
 * of several statements with the last one's results only), and prints every result value, one JSON value per line.
 * It stops at the first statement that fails.
 */
@Command(name = "sqlpp", mixinStandardHelpOptions = true,
        description = "Run SQL++ statements from FILE (or - for standard input) against a running cluster.",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = { "0:the statements succeeded",
                "1:AsterixDB reported an error in a statement (printed on stderr; the statements after it do not run)",
                "2:bad command line, unreadable file, or no statement in it",
                "3:no usable cluster: nothing answers at the endpoint, or the cluster is not ACTIVE (a node is down)" })
public final class SqlppCommand implements Callable<Integer> {

    static final int QUERY_FAILED = 1;
    static final int UNREADABLE_INPUT = 2;
    static final int UNREACHABLE = 3;

    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "FILE", description = "file of SQL++ statements, or - for standard input")
    String file;

    @Mixin
    EndpointOption endpoint;

    @Option(names = "--pretty", description = "indent the JSON results")
    boolean pretty;

    @Option(names = "--metrics", description = "after each statement, print the query service's metrics (elapsed "
            + "and execution time, result count and size, ...) and warnings on stderr, like AsterixDB's console")
    boolean metrics;

    private long progressSeconds;

    @Option(names = "--progress-every", paramLabel = "SECONDS", defaultValue = "10",
            description = "while a statement runs longer, print its elapsed time on stderr every SECONDS; on a "
                    + "terminal only, unless the option is given; 0 turns it off (default: ${DEFAULT-VALUE})")
    void progressEvery(long seconds) {
        if (seconds < 0) {
            throw new ParameterException(spec.commandLine(),
                    "--progress-every must be >= 0 seconds (0 for never), got " + seconds);
        }
        progressSeconds = seconds;
    }

    /** A thread for the tickers of long statements, or null: off, or by default when nobody watches a terminal. */
    private ScheduledExecutorService progressScheduler() {
        boolean asked = spec.commandLine().getParseResult().hasMatchedOption("--progress-every");
        if (progressSeconds == 0 || !(asked || System.console() != null)) {
            return null;
        }
        return Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "sqlpp-progress");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Names the statement in a message when there is more than one: "statement 2 (line 3, SELECT ...): ". */
    private static String describe(SqlppScript.Statement statement, SqlppScript script) {
        return script.statements().size() == 1 ? ""
                : "statement " + statement.number() + " (line " + statement.line() + ", " + statement.excerpt() + "): ";
    }

    /** "elapsedTime 12.3ms, executionTime 10.1ms, resultCount 3, ...": every metric, in the service's order. */
    static String metricsLine(JsonNode metrics) {
        StringBuilder line = new StringBuilder();
        metrics.fields().forEachRemaining(metric -> line.append(line.isEmpty() ? "" : ", ").append(metric.getKey())
                .append(' ').append(metric.getValue().asText()));
        return line.isEmpty() ? "no metrics" : line.toString();
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        String statements;
        try {
            statements = "-".equals(file) ? new String(System.in.readAllBytes(), StandardCharsets.UTF_8)
                    : Files.readString(Path.of(file));
        } catch (NoSuchFileException e) {
            err.println("error: no such file: " + file);
            return UNREADABLE_INPUT;
        } catch (IOException e) {
            err.println("error: cannot read " + file + ": " + e);
            return UNREADABLE_INPUT;
        }
        SqlppScript script = SqlppScript.parse(statements);
        if (script.statements().isEmpty()) {
            err.println("error: " + ("-".equals(file) ? "standard input" : file) + " holds no SQL++ statement");
            return UNREADABLE_INPUT;
        }
        QueryServiceClient client = endpoint.client();
        ScheduledExecutorService progress = progressScheduler();
        try {
            return run(script, client, progress, out, err);
        } finally {
            if (progress != null) {
                progress.shutdownNow();
            }
        }
    }

    private int run(SqlppScript script, QueryServiceClient client, ScheduledExecutorService progress,
            PrintWriter out, PrintWriter err) throws IOException {
        for (SqlppScript.Statement statement : script.statements()) {
            QueryResult result;
            try (ElapsedTicker ticker = progress == null ? null : ElapsedTicker.every(
                    Duration.ofSeconds(progressSeconds), progress, statement.excerpt(), err)) {
                result = client.execute(statement.request());
            } catch (QueryServiceUnavailableException e) {
                err.println("error: " + describe(statement, script) + e.getMessage());
                return UNREACHABLE;
            }
            for (JsonNode value : result.results()) {
                out.println(QueryServiceClient.writeJson(value, pretty));
            }
            out.flush();
            if (metrics) {
                err.println("-- " + describe(statement, script) + metricsLine(result.metrics()));
                result.warnings().forEach(warning -> err.println("-- warning: " + warning));
                err.flush();
            }
            if (!result.isSuccess()) {
                result.errors().forEach(error -> err.println("error: " + describe(statement, script) + error));
                return QUERY_FAILED;
            }
        }
        return 0;
    }
}
