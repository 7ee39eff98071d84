package org.spatiallsm.cli;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.ParameterSpec;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spatial-lsm bench merge-policies}: the same records ingested under each merge policy, with a flush after
 * every equal share; the engine's write and read amplification (from the LSM events) beside the simulator's
 * prediction for the flushes the engine actually wrote.
 */
@Command(name = "merge-policies", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Ingests the same records under each merge policy into a fresh dataset (primary index only) "
                + "of a running cluster, flushing after every --records/--flushes records, and prints side by side "
                + "the engine's write amplification W_logged and read amplification (measured from the LSM events), "
                + "the simulator's prediction for the flush sizes that actually happened, and ingestion throughput. "
                + "The cluster generates the records (INSERT ... SELECT), so the rate is the engine's, not HTTP's.",
            "Results are printed, never asserted; see docs/introspection.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "1:AsterixDB refused a statement",
            "2:bad command line", "3:no cluster answers at the endpoint" })
final class MergePoliciesBenchCommand implements Callable<Integer> {

    private static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(30);

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

    @Option(names = "--records", paramLabel = "N", defaultValue = "400000",
            description = "records per policy (default: ${DEFAULT-VALUE})")
    long records;

    @Option(names = "--flushes", paramLabel = "F", defaultValue = "20",
            description = "flushes per policy; --records must be a multiple (default: ${DEFAULT-VALUE})")
    long flushes;

    @Option(names = "--record-bytes", paramLabel = "B", defaultValue = "1000",
            description = "approximate size of a record's payload: pseudo-random digits, which block compression "
                    + "cannot shrink (default: ${DEFAULT-VALUE})")
    int recordBytes;

    @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmMergeBench",
            description = "scratch dataverse, dropped and recreated (default: ${DEFAULT-VALUE})")
    String dataverse;

    @Option(names = "--keep", description = "keep the scratch dataverse and its datasets afterwards")
    boolean keep;

    @Option(names = "--endpoint", paramLabel = "URL", defaultValue = "http://127.0.0.1:19002",
            description = "the cluster controller's query service (default: ${DEFAULT-VALUE})")
    URI endpoint;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            List<PolicyParameters> chosen = chosenPolicies();
            long perFlush = recordsPerFlush();
            QueryServiceClient client = new QueryServiceClient(endpoint);
            LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, SETTLE_TIMEOUT);
            String scratch = Sqlpp.identifier(dataverse);
            client.executeOrThrow("DROP DATAVERSE " + scratch + " IF EXISTS; CREATE DATAVERSE " + scratch + ";");
            List<MergeBenchRow> rows = new ArrayList<>();
            for (PolicyParameters policy : chosen) {
                rows.add(measure(client, lsm, policy, perFlush));
            }
            if (!keep) {
                client.executeOrThrow("DROP DATAVERSE " + scratch + ";");
            }
            String title = String.format(Locale.ROOT, "merge policies: %,d records of about %,d bytes per policy, %d "
                    + "flushes of %,d records, primary index, at %s", records, recordBytes, flushes, perFlush, endpoint);
            spec.commandLine().getOut().print(MergeBenchRow.table(title, rows));
            spec.commandLine().getOut().flush();
            return CommandFailures.OK;
        });
    }

    /** One policy: a fresh dataset, the records in equal flushes, the merges settled, the events measured. */
    private MergeBenchRow measure(QueryServiceClient client, LsmIntrospectionClient lsm, PolicyParameters policy,
            long perFlush) throws InterruptedException {
        String name = policy.descriptor().name();
        DatasetName dataset = new DatasetName(dataverse, name.replace('-', '_'));
        String type = Sqlpp.identifier(dataset.dataset() + "Type");
        client.executeOrThrow("USE " + Sqlpp.identifier(dataverse) + "; CREATE TYPE " + type + " IF NOT EXISTS AS "
                + "{ id: int64, payload: string }; CREATE DATASET " + Sqlpp.identifier(dataset.dataset()) + "(" + type
                + ") PRIMARY KEY id WITH " + with(policy) + ";");
        long start = System.nanoTime();
        for (long flush = 0; flush < flushes; flush++) {
            client.executeOrThrow(insert(dataset, flush * perFlush, perFlush));
            lsm.flush(dataset.dataverse(), dataset.dataset());
        }
        double loadSeconds = (System.nanoTime() - start) / 1e9;
        double settleSeconds = settle(lsm, dataset);
        List<LsmEvent> primaryIndexEvents = lsm.events(dataset.dataverse(), dataset.dataset()).stream()
                .filter(e -> e.where().index().equals(dataset.dataset())).toList();
        MergeBenchRow row = MergeBenchRow.measure(label(policy), policy.descriptor().create(policy),
                primaryIndexEvents, records, loadSeconds, settleSeconds);
        if (!keep) {
            client.executeOrThrow("DROP DATASET " + dataset.sql() + ";"); // frees the disk for the next policy
        }
        PrintWriter err = spec.commandLine().getErr();
        err.printf(Locale.ROOT, "%s: loaded in %.1f s, merges settled %.1f s later%n", name, loadSeconds,
                settleSeconds);
        err.flush();
        return row;
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
        List<PolicyParameters> chosen = new ArrayList<>();
        Map<String, String> unused = new LinkedHashMap<>(given);
        for (String name : policies) {
            PolicyDescriptor descriptor = MergePolicies.byName(name.strip());
            Map<String, String> own = new LinkedHashMap<>();
            for (ParameterSpec declared : descriptor.parameters()) {
                if (given.containsKey(declared.name())) {
                    own.put(declared.name(), given.get(declared.name()));
                    unused.remove(declared.name());
                }
            }
            chosen.add(PolicyParameters.parse(descriptor, own));
        }
        if (!unused.isEmpty()) {
            throw new IllegalArgumentException("--param " + unused.keySet().iterator().next()
                    + " is a parameter of none of the policies " + String.join(", ", policies));
        }
        return chosen;
    }

    private long recordsPerFlush() {
        if (flushes < 1 || records < flushes || records % flushes != 0) {
            throw new IllegalArgumentException("--records (" + records + ") must be a positive multiple of --flushes ("
                    + flushes + "), so that every flush takes the same number of records");
        }
        if (recordBytes < 1) {
            throw new IllegalArgumentException("--record-bytes must be >= 1, got " + recordBytes);
        }
        return records / flushes;
    }

    /**
     * Records {@code first .. first + count - 1}, generated by the cluster itself: the same ids and payloads for every
     * policy, and no client or network in the way of the ingestion rate. random(seed) is deterministic, and its
     * digits (without the leading "0.") are about 16 per call.
     */
    private String insert(DatasetName dataset, long first, long count) {
        long digitGroups = Math.max(1, (recordBytes + 15) / 16);
        return "INSERT INTO " + dataset.sql() + " (SELECT VALUE {\"id\": x, \"payload\": string_join((SELECT VALUE "
                + "substr(to_string(random(x * " + digitGroups + " + i)), 2) FROM range(0, " + (digitGroups - 1)
                + ") i), \"\")} FROM range(" + first + ", " + (first + count - 1) + ") x);";
    }

    /** Waits until no component of the dataset is merging; returns how long that took. */
    private static double settle(LsmIntrospectionClient lsm, DatasetName dataset) throws InterruptedException {
        long start = System.nanoTime();
        while (lsm.components(dataset.dataverse(), dataset.dataset()).stream().anyMatch(IndexComponents::anyMerging)) {
            if (System.nanoTime() - start > SETTLE_TIMEOUT.toNanos()) {
                throw new IllegalStateException("merges of " + dataset + " still run after " + SETTLE_TIMEOUT);
            }
            Thread.sleep(50);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /** {"merge-policy": {"name": ..., "parameters": {...}}} with every parameter as a number. */
    private static String with(PolicyParameters values) {
        ObjectNode with = JsonNodeFactory.instance.objectNode();
        ObjectNode policy = with.putObject("merge-policy");
        policy.put("name", values.descriptor().name());
        ObjectNode parameters = policy.putObject("parameters");
        values.values().forEach((name, value) -> parameters.put(name, new BigDecimal(value)));
        return with.toString();
    }

    private static String label(PolicyParameters values) {
        StringBuilder label = new StringBuilder(values.descriptor().name());
        values.values().forEach((name, value) -> label.append(' ').append(name).append('=').append(value));
        return label.toString();
    }
}
