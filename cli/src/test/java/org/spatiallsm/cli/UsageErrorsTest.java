package org.spatiallsm.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.spatiallsm.cli.CliRun.assertOneLineUsageError;

import org.junit.jupiter.api.Test;

/** What a mistyped command line prints: one line, the problem in the user's terms, the right command's --help. */
class UsageErrorsTest {

    private static final String NOWHERE = "http://127.0.0.1:1";

    @Test
    void aUsageErrorPointsToTheHelpOfTheCommandThatFailedNamedOnce() {
        assertOneLineUsageError(CliRun.of("--no-such-option"), "(see: spatial-lsm --help)");
        assertOneLineUsageError(CliRun.of("bench", "ingest", "--no-such-option"),
                "(see: spatial-lsm bench ingest --help)");
        assertThat(CliRun.of("simulate", "--no-such-option").err()).endsWith("(see: spatial-lsm simulate --help)\n");
    }

    @Test
    void aValueThatDoesNotConvertNamesTheOptionAndWhatItTakes() {
        assertOneLineUsageError(CliRun.command("generate", "records", "--records", "abc"),
                "error: --records must be a whole number, got 'abc'\n");
        assertOneLineUsageError(CliRun.command("generate", "queries", "--sigma", "3,x"),
                "error: --sigma must be a number, got 'x'\n");
        assertOneLineUsageError(CliRun.command("load", "--dataset", "Geo.Points", "--batch", "99999999999"),
                "error: --batch must be a whole number up to 2147483647, got '99999999999'\n");
        assertOneLineUsageError(CliRun.command("flush", "--dataverse", "a", "--dataset", "b", "--timeout", "x"),
                "error: --timeout must be a whole number, got 'x'\n");
    }

    @Test
    void generateQueriesRefusesTheOtherKindsSizes() {
        assertOneLineUsageError(CliRun.command("generate", "queries", "--radius", "0"),
                "error: --radius applies only to --kind circle, not to --kind rectangle");
        assertOneLineUsageError(CliRun.command("generate", "queries", "--kind", "circle", "--sigma", "3"),
                "error: --sigma applies only to --kind rectangle, not to --kind circle");
    }

    @Test
    void aWordOutsideItsChoicesListsThem() {
        assertOneLineUsageError(CliRun.command("simulate", "--policy", "binomial", "--format", "csv"),
                "error: --format must be one of table, json, got 'csv'\n");
        assertOneLineUsageError(CliRun.command("components", "--dataverse", "a", "--dataset", "b", "--format",
                "yaml"), "error: --format must be one of table, json, got 'yaml'\n");
    }

    @Test
    void picocliMessagesDoNotRepeatTheErrorPrefix() {
        CliRun run = CliRun.command("cells", "--point", "1,1", "--rect", "0,0,2,2");
        assertOneLineUsageError(run, "mutually exclusive");
        assertThat(run.err()).doesNotContainIgnoringCase("error: error");
    }

    @Test
    void loadNamesEachBadNumberOnItsOwnAndRefusesANegativeRate() {
        assertOneLineUsageError(load("--progress-every", "0"), "error: --progress-every must be > 0 seconds, got 0.0");
        assertOneLineUsageError(load("--check", "-1"), "error: --check must be >= 0, got -1");
        assertOneLineUsageError(load("--rate", "-1"),
                "error: --rate must be >= 0 records per second (0 for full speed), got -1.0");
    }

    @Test
    void sqlppRefusesANegativeProgressInterval() {
        assertOneLineUsageError(CliRun.command("sqlpp", "--progress-every", "-1", "-"),
                "error: --progress-every must be >= 0 seconds (0 for never), got -1 (see: spatial-lsm sqlpp --help)");
    }

    @Test
    void benchIngestNeedsAtLeastOneRecord() {
        assertOneLineUsageError(CliRun.benchAtNowhere("ingest", "--records", "0"),
                "error: --records must be >= 1, got 0");
    }

    private static CliRun load(String... arguments) {
        String[] all = new String[arguments.length + 4];
        System.arraycopy(new String[] { "--dataset", "Geo.Points", "--endpoint", NOWHERE }, 0, all, 0, 4);
        System.arraycopy(arguments, 0, all, 4, arguments.length);
        return CliRun.command("load", all);
    }
}
