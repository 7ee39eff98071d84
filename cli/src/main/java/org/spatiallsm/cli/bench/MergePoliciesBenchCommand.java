package org.spatiallsm.cli.bench;

import static org.spatiallsm.experiment.Statements.RTREE;
import static org.spatiallsm.experiment.Statements.STUDIES_PRIMARY_POLICY;

import java.io.PrintWriter;
import java.time.Duration;
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
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.experiment.ClusterSession;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.experiment.study.MergePoliciesStudy;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Progress;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;


import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spatial-lsm bench merge-policies}: the same records ingested under each merge policy, with a flush after
 * every equal share; the engine's write and read amplification (from the LSM events) beside the simulator's
 * prediction for the flushes the engine actually wrote.
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
            "Results are printed, never asserted; see docs/introspection.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "1:AsterixDB refused a statement",
            "2:bad command line", CommandFailures.NO_USABLE_CLUSTER })
public final class MergePoliciesBenchCommand implements Callable<Integer> {

    private static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(30);
    private static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(10);

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

    @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmMergeBench",
            description = "scratch dataverse, dropped and recreated (default: ${DEFAULT-VALUE})")
    String dataverse;

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
            QueryServiceClient client = endpoint.client();
            LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, SETTLE_TIMEOUT);
            String scratch = Sqlpp.identifier(dataverse);
            client.executeOrThrow("DROP DATAVERSE " + scratch + " IF EXISTS; CREATE DATAVERSE " + scratch + ";");
            long warmUps = warmUpFlushes == null ? flushes : warmUpFlushes;
            if (warmUps > 0) {
                warmUp(client, lsm, chosen.get(0), perFlush, warmUps);
            }
            List<PolicyRun> runs = new ArrayList<>();
            for (PolicyParameters policy : chosen) {
                runs.add(measure(client, lsm, policy, perFlush));
            }
            if (!keep.keep()) {
                client.executeOrThrow("DROP DATAVERSE " + scratch + ";");
            }
            OptionalLong overhead = MergeBenchRow.fittedComponentOverhead(
                    runs.stream().flatMap(run -> run.events().stream()).toList());
            List<MergeBenchRow> rows = runs.stream().map(run -> MergeBenchRow.measure(
                    MergePoliciesStudy.label(run.policy()), run.policy().descriptor().create(run.policy()),
                    run.events(), records, run.loadSeconds(), run.settleSeconds(), overhead.orElse(0))).toList();
            String title = String.format(Locale.ROOT, "merge policies: %,d records of about %,d bytes per policy, %d "
                    + "flushes of %,d records, %s, at %s%n%s", records, recordBytes, flushes, perFlush,
                    index == MeasuredIndex.rtree ? "R-tree " + RTREE + " (primary index under binomial k=8)"
                            : "primary index", endpoint.endpoint(),
                    overhead.isPresent() ? String.format(Locale.ROOT, "sim+c: the simulator with a fixed "
                            + "overhead of c = %,d bytes per component, fitted over all merges of this run",
                            overhead.getAsLong()) : "sim+c: no merge happened, so c = 0");
            spec.commandLine().getOut().print(MergeBenchRow.table(title, rows));
            spec.commandLine().getOut().flush();
            return CommandFailures.OK;
        });
    }

    /** What one policy's ingestion left: the measured index's flush and merge events and the times. */
    private record PolicyRun(PolicyParameters policy, List<LsmEvent> events, double loadSeconds,
            double settleSeconds) {
    }

    /** One policy: a fresh dataset, the records in equal flushes, the merges settled, the events collected. */
    private PolicyRun measure(QueryServiceClient client, LsmIntrospectionClient lsm, PolicyParameters policy,
            long perFlush) throws InterruptedException {
        String name = policy.descriptor().name();
        DatasetName dataset = new DatasetName(dataverse, name.replace('-', '_'));
        create(client, dataset, policy);
        progressLine("%s: %,d records in %d flushes", name, records, flushes);
        double loadSeconds = ingest(client, lsm, dataset, flushes, perFlush);
        double settleSeconds = ClusterSession.settle(lsm, dataset);
        String measured = index == MeasuredIndex.rtree ? RTREE : dataset.dataset();
        List<LsmEvent> events = lsm.events(dataset.dataverse(), dataset.dataset()).stream()
                .filter(e -> e.where().index().equals(measured)).toList();
        if (!keep.keep()) {
            client.executeOrThrow("DROP DATASET " + dataset.sql() + ";"); // frees the disk for the next policy
        }
        progressLine("%s: loaded in %.1f s, merges settled %.1f s later", name, loadSeconds, settleSeconds);
        return new PolicyRun(policy, events, loadSeconds, settleSeconds);
    }

    /**
     * Flushes of the same size into a scratch dataset before anything is measured. A fresh cluster JIT-compiles the
     * write path during its first flushes, and in our runs it also wrote the same records into components about
     * 250 KB smaller per 9 MB until some 500 MB had been written per node (the size of the default buffer cache with
     * -Xmx2g; cause not pinned down). Without it the first policy would run under other conditions than the rest.
     */
    private void warmUp(QueryServiceClient client, LsmIntrospectionClient lsm, PolicyParameters policy, long perFlush,
            long warmUpFlushes) throws InterruptedException {
        DatasetName dataset = new DatasetName(dataverse, "warm_up");
        create(client, dataset, policy);
        progressLine("warm-up: %,d records in %d flushes, not measured", warmUpFlushes * perFlush, warmUpFlushes);
        ingest(client, lsm, dataset, warmUpFlushes, perFlush);
        ClusterSession.settle(lsm, dataset);
        client.executeOrThrow("DROP DATASET " + dataset.sql() + ";");
    }

    /** A dataset whose measured index runs {@code policy}. */
    private void create(QueryServiceClient client, DatasetName dataset, PolicyParameters policy) {
        String type = Sqlpp.identifier(dataset.dataset() + "Type");
        boolean rtree = index == MeasuredIndex.rtree;
        client.executeOrThrow("USE " + Sqlpp.identifier(dataverse) + "; CREATE TYPE " + type + " IF NOT EXISTS AS "
                + (rtree ? "{ id: int64, location: point, payload: string }" : "{ id: int64, payload: string }")
                + "; CREATE DATASET " + Sqlpp.identifier(dataset.dataset()) + "(" + type + ") PRIMARY KEY id WITH "
                + (rtree ? STUDIES_PRIMARY_POLICY : MergePoliciesStudy.with(policy)) + ";"
                + (rtree ? "CREATE INDEX " + RTREE + " ON " + Sqlpp.identifier(dataset.dataset())
                        + "(location) TYPE RTREE WITH " + MergePoliciesStudy.with(policy) + ";" : ""));
    }

    /** Inserts {@code flushCount} shares of {@code perFlush} records, each followed by a flush; returns seconds. */
    private double ingest(QueryServiceClient client, LsmIntrospectionClient lsm, DatasetName dataset, long flushCount,
            long perFlush) {
        long start = System.nanoTime();
        try (Progress progress = new Progress("records", flushCount * perFlush, System.err, PROGRESS_INTERVAL,
                System.console() != null)) {
            for (long flush = 0; flush < flushCount; flush++) {
                client.executeOrThrow(insert(dataset, flush * perFlush, perFlush));
                lsm.flush(dataset.dataverse(), dataset.dataset());
                progress.advance(perFlush);
            }
        }
        return (System.nanoTime() - start) / 1e9;
    }

    private void progressLine(String format, Object... values) {
        PrintWriter err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, format + "%n", values);
        err.flush();
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

    private String insert(DatasetName dataset, long first, long count) {
        return Statements.generatedOnCluster(dataset, first, count, recordBytes, index == MeasuredIndex.rtree);
    }
}
