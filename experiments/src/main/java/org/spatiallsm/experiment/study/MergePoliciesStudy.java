package org.spatiallsm.experiment.study;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.ConfigurationRun;
import org.spatiallsm.experiment.CsvFile;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.PublishedValue;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.experiment.Study;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;

/**
 * The merge-policy study (Mao's dissertation, chapter 3): the same writes under each policy, a flush after every
 * equal share, on the dataset's primary index or on an R-tree. The cluster generates the records (INSERT or UPSERT
 * ... SELECT), so the rate is the engine's, not HTTP's. Besides the five CSV files, each configuration writes
 * {@code summary.csv} (write amplification, per-record writes against the bounded-depth optimum, transient space,
 * components per point lookup, throughput, per index partition), for the leveled policy {@code levels.csv} (the
 * engine's level counts against the count model's at every checkpoint), and on the primary index
 * {@code point-lookups.csv} (what the writes' key lookups and the point lookups did with components and Bloom
 * filters).
 */
public final class MergePoliciesStudy implements Study {

    /** The load settles every this many flushes (the step of Table 4.1 of Mao's dissertation). */
    static final int CHECKPOINT_FLUSHES = 20;
    static final List<String> SUMMARY_COLUMNS = List.of("node", "partition", "flushes", "write_amplification",
            "entry_write_amplification", "merges", "max_writes_per_record", "optimal_max_writes", "core_agrees",
            "peak_bytes", "transient_space", "components_per_lookup", "lookups", "components_opened_per_lookup",
            "records_per_s", "core_difference");
    static final List<String> POINT_LOOKUP_COLUMNS = List.of("phase", "lookups", "searches", "components_opened",
            "components_skipped", "filters_tested", "filters_rejected", "btrees_searched", "false_positives",
            "pages_read", "filter_pages_read", "filter_bytes", "component_bytes");
    static final List<String> LEVEL_COLUMNS = List.of("t_ms", "records_ingested", "node", "partition", "flushes",
            "engine_levels", "model_levels", "equal");
    private static final long SEED = 20_231_127;

    @Override
    public String name() {
        return "merge-policies";
    }

    @Override
    public String title() {
        return "Merge policies of an LSM index";
    }

    @Override
    public Map<String, String> preset(Scale scale) {
        Map<String, String> preset = new LinkedHashMap<>();
        switch (scale) {
            case SMOKE -> put(preset, 4_000, 200, 500, 0, scale);
            case SMALL -> put(preset, 100_000, 1_000, 5_000, 5, scale);
            case MEDIUM -> put(preset, 2_000_000, 1_000, 20_000, 5, scale);
            case LARGE -> put(preset, 10_000_000, 1_000, 50_000, 5, scale);
            default -> throw new IllegalArgumentException(scale.id());
        }
        return preset;
    }

    private static void put(Map<String, String> preset, long records, int recordBytes, long perFlush, int lookups,
            Scale scale) {
        preset.put("records", Long.toString(records));
        preset.put("recordBytes", Integer.toString(recordBytes));
        preset.put("recordsPerFlush", Long.toString(perFlush));
        // Smoke stays as cheap as it was: the stack policies of spatial-lsm alone.
        preset.put("policies", scale == Scale.SMOKE
                ? MergePolicies.all().stream().map(PolicyDescriptor::name).collect(Collectors.joining(","))
                : "binomial,min-latency,tiered,bigtable,exploring,concurrent,prefix,leveled");
        preset.put("policyParameters", "");
        preset.put("index", "primary");
        preset.put("workload", "append");
        preset.put("keys", "hashed");
        preset.put("lookups", Integer.toString(lookups));
    }

    @Override
    public String runTime(Scale scale) {
        return switch (scale) {
            case SMOKE -> "35 s (shared machine)";
            case SMALL -> "3 min 41 s on the I/O-bound cluster: seven policies in 2 min 37 s, leveled in 1 min 4 s "
                    + "(load average 9 to 20)";
            case MEDIUM -> "38 min 29 s on the I/O-bound cluster: seven policies in 31 min 54 s, leveled in 6 min 35 s "
                    + "(load average 6 to 15)";
            case LARGE -> "not measured: about 3 hours by the medium run's rate (5 times its records)";
        };
    }

    @Override
    public List<Configuration> configurations(Parameters parameters) {
        StudySetup.equalFlushes(parameters);
        parameters.small("recordBytes", 1);
        parameters.small("lookups", 0);
        updates(parameters);
        hashedKeys(parameters);
        return policies(parameters).stream().map(policy -> new Configuration(policy.name(), policy.label()))
                .toList();
    }

    @Override
    public void run(Configuration configuration, Parameters parameters, ConfigurationRun run) throws Exception {
        StudiedPolicy policy = policies(parameters).stream().filter(p -> p.name().equals(configuration.id()))
                .findFirst().orElseThrow();
        MeasuredKind kind = measuredKind(parameters);
        boolean spatial = kind != MeasuredKind.PRIMARY;
        DatasetName dataset = run.cluster().dataset(configuration);
        String type = Sqlpp.identifier(dataset.dataset() + "Type");
        run.cluster().client().executeOrThrow("USE " + Sqlpp.identifier(dataset.dataverse()) + "; CREATE TYPE "
                + type + " IF NOT EXISTS AS "
                + (spatial ? "{ id: int64, location: point, payload: string }" : "{ id: int64, payload: string }")
                + "; CREATE DATASET " + Sqlpp.identifier(dataset.dataset()) + "(" + type + ") PRIMARY KEY id WITH "
                + (spatial ? Statements.STUDIES_PRIMARY_POLICY : policy.with()) + ";"
                + (spatial ? "CREATE INDEX " + kind.index + " ON " + Sqlpp.identifier(dataset.dataset())
                        + "(location) TYPE " + kind.type + " WITH " + policy.with() + ";" : ""));
        String measured = spatial ? kind.index : dataset.dataset();
        long perFlush = parameters.whole("recordsPerFlush", 1);
        long records = parameters.whole("records", 1);
        int recordBytes = parameters.small("recordBytes", 1);
        int lookups = parameters.small("lookups", 0);
        boolean hashed = hashedKeys(parameters);
        WriteMix writes = new WriteMix(updates(parameters), SEED);
        MeasuredIndex index = new MeasuredIndex(dataset, measured, policy);
        run.onComponentSample(index::sample);
        CsvFile levels = policy.leveled() ? run.studyFile("levels.csv", LEVEL_COLUMNS) : null;
        long[] lookupNumber = { 0 };
        PointLookupSpans spans = spatial ? null : new PointLookupSpans(run, dataset, measured);
        ConfigurationRun.RangeInsert insert = new ConfigurationRun.RangeInsert() {
            @Override
            public void insert(long first, long end) {
                Set<Long> batch = writes.batch(end - first);
                boolean appendOnly = batch.size() == end - first && batch.iterator().next() == writes.records()
                        - batch.size();
                String source = appendOnly ? "range(" + (writes.records() - batch.size()) + ", "
                        + (writes.records() - 1) + ")"
                        : batch.stream().map(String::valueOf).collect(Collectors.joining(", ", "[", "]"));
                run.cluster().client().executeOrThrow(Statements.generated(appendOnly ? "INSERT" : "UPSERT",
                        dataset, source, recordBytes, spatial, hashed));
            }

            @Override
            public void awaitStored(long first, long end) throws Exception {
                if (spans != null) {
                    spans.writesDone();
                }
                // Point lookups of existing records before each flush: read amplification while the load runs.
                for (int i = 0; i < lookups; i++) {
                    long x = writes.anyExisting();
                    run.query("lookup", dataset, dataset.dataset(), "point", null, lookupNumber[0]++,
                            "SELECT VALUE COUNT(*) FROM " + dataset.sql() + " r WHERE r.id = "
                                    + (hashed ? Statements.hashedKey(x) : x) + ";");
                }
                if (spans != null) {
                    spans.lookupsDone();
                }
            }
        };
        double seconds = 0;
        for (long done = 0; done < records; done += CHECKPOINT_FLUSHES * perFlush) {
            seconds += run.load("load", dataset, done, Math.min(records - done, CHECKPOINT_FLUSHES * perFlush),
                    perFlush, perFlush, insert);
            run.settle(dataset);
            if (levels != null) {
                index.compareLevels(run, levels);
            }
        }
        if (spans != null) {
            spans.write(run.studyFile("point-lookups.csv", POINT_LOOKUP_COLUMNS));
        }
        run.writeIoEvents(dataset);
        index.summarise(run, run.events(dataset),
                run.studyFile("summary.csv", SUMMARY_COLUMNS), records / seconds);
    }

    /** Table 1 of the spatial paper for Binomial k = 4 and Tiered B = 4: components after n flushes. */
    @Override
    public List<PublishedValue> published(Parameters parameters, int partitions) {
        List<PublishedValue> marks = new ArrayList<>();
        for (StudiedPolicy policy : policies(parameters)) {
            String name = policy.name();
            int bound = name.equals("binomial") ? policy.intParameter("k")
                    : name.equals("tiered") ? policy.intParameter("size-ratio") : 0;
            MeasuredKind kind = measuredKind(parameters);
            marks.addAll(SortedRuns.marks(name, kind == MeasuredKind.PRIMARY ? "primary index" : kind.index,
                    name, bound, parameters.whole("recordsPerFlush", 1), parameters.whole("records", 1),
                    partitions));
        }
        return marks;
    }

    /** The measured index: the dataset's primary index, or a spatial index (its name, its type) beside it. */
    private enum MeasuredKind {
        PRIMARY(null, null), RTREE(Statements.RTREE, "RTREE"), DHVB("dhvbIndex", "DHVBTREE");

        final String index;
        final String type;

        MeasuredKind(String index, String type) {
            this.index = index;
            this.type = type;
        }
    }

    private static MeasuredKind measuredKind(Parameters parameters) {
        return switch (parameters.text("index")) {
            case "primary" -> MeasuredKind.PRIMARY;
            case "rtree" -> MeasuredKind.RTREE;
            case "dhvb" -> MeasuredKind.DHVB;
            default -> throw new IllegalArgumentException("parameter index is primary, rtree or dhvb, got '"
                    + parameters.text("index") + "'");
        };
    }

    private static List<StudiedPolicy> policies(Parameters parameters) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String parameter : parameters.list("policyParameters")) {
            int equals = parameter.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("parameter policyParameters expects NAME=VALUE,..., got '"
                        + parameter + "'");
            }
            given.put(parameter.substring(0, equals).strip(), parameter.substring(equals + 1).strip());
        }
        return StudiedPolicy.choose(parameters.list("policies"), given,
                measuredKind(parameters) == MeasuredKind.PRIMARY);
    }

    private static boolean updates(Parameters parameters) {
        return switch (parameters.text("workload")) {
            case "append" -> false;
            case "update" -> true;
            default -> throw new IllegalArgumentException("parameter workload is append or update, got '"
                    + parameters.text("workload") + "'");
        };
    }

    private static boolean hashedKeys(Parameters parameters) {
        return switch (parameters.text("keys")) {
            case "hashed" -> true;
            case "sequential" -> false;
            default -> throw new IllegalArgumentException("parameter keys is hashed or sequential, got '"
                    + parameters.text("keys") + "'");
        };
    }

    /**
     * Each policy named, with the {@code given} parameters it declares (the rest take their defaults); a parameter
     * no listed policy declares is a mistake.
     */
    public static List<PolicyParameters> choose(List<String> policies, Map<String, String> given) {
        List<PolicyParameters> chosen = new ArrayList<>();
        Map<String, String> unused = new LinkedHashMap<>(given);
        for (String name : policies) {
            PolicyDescriptor descriptor = MergePolicies.byName(name.strip());
            chosen.add(PolicyParameters.parse(descriptor, StudiedPolicy.declared(descriptor.parameters(), given,
                    unused)));
        }
        if (!unused.isEmpty()) {
            throw StudiedPolicy.unusedParameter(unused, policies);
        }
        return chosen;
    }

    /** {"merge-policy": {"name": ..., "parameters": {...}}} with every parameter as a number. */
    public static String with(PolicyParameters values) {
        return StudiedPolicy.with(values.descriptor().name(), values.values());
    }

    /** The policy and its parameters, e.g. "binomial k=4". */
    public static String label(PolicyParameters values) {
        return StudiedPolicy.label(values.descriptor().name(), values.values());
    }
}
