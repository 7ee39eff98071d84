package org.spatiallsm.cli.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.cli.CliRun;

class ExperimentCommandTest {

    private static final String NOWHERE = "http://127.0.0.1:1";

    @TempDir
    Path out;

    @Test
    void listNamesEveryStudyItsConfigurationsAndEveryScale() {
        CliRun run = CliRun.command("experiment", "--list");

        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("spatial-policies: ", "merge-policies: ", "leveled-str-uniform",
                "binomial", "smoke", "small", "medium", "large", "records/flush", "knobs", "index-organisations: ",
                "tweets-dhvb", "non-point: ", "houses-shb-2-30", "comparators: ", "leveled-size-simple", "knn: ",
                "leveled-size-hilbert-uniform");
    }

    @Test
    void anUnknownStudyScaleOrParameterIsOneLineListingTheValidOnesBeforeTheClusterIsAsked() {
        assertOneLine(experiment("no-such-study"), "error: unknown study 'no-such-study'; valid: spatial-policies, "
                + "merge-policies, index-organisations, non-point, comparators, knn");
        assertOneLine(experiment("merge-policies", "--scale", "huge"), "error: unknown scale 'huge'; valid: smoke, "
                + "small, medium, large");
        assertOneLine(experiment("merge-policies", "--param", "rows=5"), "error: unknown parameter 'rows'; valid: "
                + "records, recordBytes, recordsPerFlush, policies, policyParameters, index, workload, keys, lookups, "
                + "keep");
        assertOneLine(experiment("merge-policies", "--param", "records=1001"), "must be a multiple of");
        assertOneLine(experiment("merge-policies", "--format", "pdf"), "error: unknown --format 'pdf'");
        assertOneLine(experiment("knn", "--param", "ks=1,0"), "parameter ks must list distinct whole numbers");
        assertOneLine(experiment("knn", "--param", "records=600"), "must be a multiple of 400 (rounds times");
        assertOneLine(CliRun.command("experiment", "--endpoint", NOWHERE), "name a study");
        assertThat(out).isEmptyDirectory();
    }

    private CliRun experiment(String... arguments) {
        String[] all = new String[arguments.length + 5];
        all[0] = "experiment";
        System.arraycopy(arguments, 0, all, 1, arguments.length);
        all[arguments.length + 1] = "--endpoint";
        all[arguments.length + 2] = NOWHERE;
        all[arguments.length + 3] = "--out";
        all[arguments.length + 4] = out.toString();
        return CliRun.of(all);
    }

    private static void assertOneLine(CliRun run, String message) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains(message).hasLineCount(1);
    }
}
