package org.spatiallsm.cli.bench;

import static org.spatiallsm.experiment.Statements.RTREE;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.KeepOption;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.StudyBench;
import org.spatiallsm.experiment.bench.MergeBenchRow;
import org.spatiallsm.experiment.report.ConfigurationData;
import org.spatiallsm.experiment.report.Run;
import org.spatiallsm.experiment.study.MergePoliciesStudy;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spatial-lsm bench merge-policies}: the experiment {@code merge-policies} with the command's knobs, then the
 * engine's write and read amplification (from the LSM events of the kept datasets) beside the simulator's prediction
 * for the flushes the engine actually wrote.
 */
@Command(name = "merge-policies", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Ingests the same records under each merge policy into a fresh dataset of a running cluster "
                + "(the policy on its primary index, or with --index rtree on an R-tree), flushing after every "
                + "--records/--flushes records, and prints side by side "
                + "the engine's write amplification W_logged and read amplification (measured from the LSM events), "
                + "the simulator's prediction for the flush sizes that actually happened (with the studies' model, "
                + "merged size = sum of the inputs, and with a per-component overhead fitted over the run's merges), "
                + "and ingestion throughput. "
                + "The cluster generates the records (INSERT ... SELECT), so the rate is the engine's, not HTTP's.",
            "It runs the experiment merge-policies with these knobs (its run folder, CSVs included, goes to --out) "
                + "and reads the LSM events of its datasets. Results are printed, never asserted; see "
                + "docs/introspection.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "1:AsterixDB refused a statement",
            "2:bad command line", CommandFailures.NO_USABLE_CLUSTER })
public final class MergePoliciesBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--policies", paramLabel = "NAME,...", split = ",",
            description = "policies to compare (default: all of spatial-lsm's: binomial, min-latency, tiered, "
                    + "bigtable, exploring, constant-all)")
    List<String> policies = MergePolicies.all().stream().map(PolicyDescriptor::name).toList();

    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "a parameter by its natural name, given to every listed policy that has it, e.g. k=4; "
                    + "repeatable; other parameters keep their defaults")
    List<String> parameters = new ArrayList<>();

    @Option(names = "--index", paramLabel = "primary|rtree", defaultValue = "primary",
            description = "primary: the dataset has only its primary index, which runs the policy and is measured; "
                    + "rtree: the records get a random point, the primary index runs binomial k=8 (as in the studies) "
                    + "and an R-tree on the point runs the policy and is measured (default: ${DEFAULT-VALUE})")
    MeasuredIndex index;

    @Option(names = "--records", paramLabel = "N", defaultValue = "400000",
            description = "records per policy (default: ${DEFAULT-VALUE})")
    long records;

    @Option(names = "--flushes", paramLabel = "F", defaultValue = "20",
            description = "flushes per policy; --records must be a multiple (default: ${DEFAULT-VALUE})")
    long flushes;

    @Option(names = "--warm-up-flushes", paramLabel = "W",
            description = "flushes of the same size into a scratch dataset under the first policy before anything "
                    + "is measured; 0 skips the warm-up (default: as many as --flushes)")
    Long warmUpFlushes;

    @Option(names = "--record-bytes", paramLabel = "BYTES", defaultValue = "1000",
            description = "approximate size of a record's payload: pseudo-random digits, which block compression "
                    + "cannot shrink (default: ${DEFAULT-VALUE})")
    int recordBytes;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "where the run folder merge-policies-<yyyyMMdd-HHmmss>/ is created, as by experiment "
                    + "(default: ${DEFAULT-VALUE})")
    Path out;

    @Mixin
    KeepOption keep;

    @Mixin
    EndpointOption endpoint;

    /** Spelled as typed on the command line. */
    enum MeasuredIndex {
        primary,
        rtree
    }

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            List<PolicyParameters> chosen = chosenPolicies();
            long perFlush = recordsPerFlush();
            MergePoliciesStudy study = new MergePoliciesStudy();
            List<String> knobs = knobs(chosen, records);
            StudyBench.configurations(study, Scale.SMOKE, knobs);
            long warmUps = warmUpFlushes == null ? flushes : warmUpFlushes;
            List<String> warmUpKnobs = knobs(chosen.subList(0, 1), Math.max(1, warmUps) * perFlush);
            StudyBench.configurations(study, Scale.SMOKE, warmUpKnobs);
            QueryServiceClient client = endpoint.client();
            if (warmUps > 0) {
                StudyBench.warmUp(client, System.err, study, Scale.SMOKE, warmUpKnobs);
            }
            List<PolicyRun> runs = new ArrayList<>();
            Path runFolder;
            try (StudyBench bench = StudyBench.run(client, System.err, study, Scale.SMOKE, knobs, out,
                    keep.keep())) {
                runFolder = bench.folder().root();
                Run samples = Run.read(runFolder);
                for (int i = 0; i < chosen.size(); i++) {
                    runs.add(policyRun(bench, bench.configurations().get(i), chosen.get(i),
                            samples.configurations().get(i)));
                }
            }
            OptionalLong overhead = MergeBenchRow.fittedComponentOverhead(
                    runs.stream().flatMap(run -> run.events().stream()).toList());
            List<MergeBenchRow> rows = runs.stream().map(run -> MergeBenchRow.measure(
                    MergePoliciesStudy.label(run.policy()), run.policy().descriptor().create(run.policy()),
                    run.events(), records, run.loadSeconds(), overhead.orElse(0))).toList();
            String title = String.format(Locale.ROOT, "merge policies: %,d records of about %,d bytes per policy, %d "
                    + "flushes of %,d records, %s, at %s; run folder %s%n%s", records, recordBytes, flushes, perFlush,
                    index == MeasuredIndex.rtree ? "R-tree " + RTREE + " (primary index under binomial k=8)"
                            : "primary index", endpoint.endpoint(), runFolder,
                    overhead.isPresent() ? String.format(Locale.ROOT, "sim+c: the simulator with a fixed "
                            + "overhead of c = %,d bytes per component, fitted over all merges of this run",
                            overhead.getAsLong()) : "sim+c: no merge happened, so c = 0");
            spec.commandLine().getOut().print(MergeBenchRow.table(title, rows));
            spec.commandLine().getOut().flush();
            return CommandFailures.OK;
        });
    }

    /**
     * The experiment's knobs for {@code policies} and {@code count} records in flushes of --records/--flushes, with
     * the --param values those policies declare (the warm-up's one policy may lack some).
     */
    List<String> knobs(List<PolicyParameters> policies, long count) {
        List<String> declared = parameters.stream().filter(parameter -> policies.stream()
                .anyMatch(policy -> policy.values().containsKey(parameter.substring(0, parameter.indexOf('='))
                        .strip()))).toList();
        return List.of("records=" + count, "recordsPerFlush=" + records / flushes, "recordBytes=" + recordBytes,
                "index=" + index, "policies=" + String.join(",", policies.stream()
                        .map(p -> p.descriptor().name()).toList()),
                "policyParameters=" + String.join(",", declared));
    }

    /** What one policy's ingestion left: the measured index's flush and merge events and the load's seconds. */
    private record PolicyRun(PolicyParameters policy, List<LsmEvent> events, double loadSeconds) {
    }

    /** The measured index's events from the kept dataset; the load's time from the last throughput sample. */
    private PolicyRun policyRun(StudyBench bench, Configuration configuration, PolicyParameters policy,
            ConfigurationData samples) {
        DatasetName dataset = bench.dataset(configuration);
        String measured = index == MeasuredIndex.rtree ? RTREE : dataset.dataset();
        List<LsmEvent> events = bench.cluster().lsm().events(dataset.dataverse(), dataset.dataset()).stream()
                .filter(e -> e.where().index().equals(measured)).toList();
        double loadMillis = samples.throughput().isEmpty() ? Double.NaN
                : samples.throughput().get(samples.throughput().size() - 1).tMs();
        return new PolicyRun(policy, events, loadMillis / 1000);
    }

    /** Each policy with the --param values it declares; a parameter no listed policy has is a mistake. */
    private List<PolicyParameters> chosenPolicies() {
        Map<String, String> given = new LinkedHashMap<>();
        for (String parameter : parameters) {
            int equals = parameter.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("--param expects NAME=VALUE, got '" + parameter + "'");
            }
            given.put(parameter.substring(0, equals).strip(), parameter.substring(equals + 1).strip());
        }
        return MergePoliciesStudy.choose(policies, given);
    }

    private long recordsPerFlush() {
        checkEqualFlushes(records, flushes);
        if (warmUpFlushes != null && warmUpFlushes < 0) {
            throw new IllegalArgumentException("--warm-up-flushes must be >= 0, got " + warmUpFlushes);
        }
        if (recordBytes < 1) {
            throw new IllegalArgumentException("--record-bytes must be >= 1, got " + recordBytes);
        }
        return records / flushes;
    }

    /** --records and --flushes, such that every flush takes the same number of records. */
    static void checkEqualFlushes(long records, long flushes) {
        if (flushes < 1 || records < flushes || records % flushes != 0) {
            throw new IllegalArgumentException("--records (" + records + ") must be a positive multiple of --flushes ("
                    + flushes + "), so that every flush takes the same number of records");
        }
    }
}
