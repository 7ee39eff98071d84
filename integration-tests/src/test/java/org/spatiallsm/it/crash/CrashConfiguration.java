package org.spatiallsm.it.crash;

import static java.util.stream.Collectors.joining;

import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * One storage configuration under crash test: how the dataset {@code Crash.Points} (type {@code Located}:
 * {@code id: int64, location: point} or {@code rectangle}, as {@code shape} says) and its secondary indexes on
 * {@code location} are created, the CC's JVM options at creation (internal switches, if any), the crash points
 * ({@code <point>} or {@code <point>@<n>}, see {@code CrashPoints}) the deterministic run halts an NC at, in order,
 * and the names of the indexes the checks query.
 */
record CrashConfiguration(String name, String ddl, String ccJvmOptions, List<String> crashPoints,
        List<String> indexes, Shape shape) {

    /** The R-tree of the configurations that give only their DDL. */
    private static final String RTREE = "loc";

    /** A configuration whose one secondary index is the R-tree {@value #RTREE}, on points. */
    CrashConfiguration(String name, String ddl, String ccJvmOptions, List<String> crashPoints) {
        this(name, ddl, ccJvmOptions, crashPoints, List.of(RTREE));
    }

    /** A configuration of points. */
    CrashConfiguration(String name, String ddl, String ccJvmOptions, List<String> crashPoints,
            List<String> indexes) {
        this(name, ddl, ccJvmOptions, crashPoints, indexes, Shape.POINT);
    }

    /** The primary never merges, so every stack-policy crash point is reached by the R-tree's merges. */
    private static final String PRIMARY = "CREATE DATASET Points(Located) PRIMARY KEY id "
            + "WITH {\"merge-policy\": {\"name\": \"no-merge\"}}; ";

    /**
     * Every phase of the leveled R-tree's flush installs, merges and moves (LeveledRTree,
     * LeveledDiskComponentFactory).
     */
    static final List<String> LEVELED_POINTS = List.of("leveled.flush.before-edit",
            "leveled.merge.outputs-half-written", "leveled.merge.outputs-written", "leveled.merge.committed",
            "leveled.merge.inputs-deleting", "leveled.move.before-edit", "leveled.move.committed");

    /**
     * The leveled R-tree of the deterministic runs, whose small cap makes every merge write several outputs. The
     * moves come first, while new levels open often; the failed flush edit comes after a few flushes, so older
     * flushes have merged below it; the manifest's online rewrite comes once enough edits have accumulated. The merge
     * commit and the flush edit must each fail their flush or merge, so the NC halts; a failed move must leave the
     * component where it was, a failed manifest rewrite the manifest as it was, and a merge whose temporary directory
     * cannot be created must use the fallback, while the node goes on. None may lose or bring back a record.
     */
    static final String LEVELED_STR_CAP_100 = PRIMARY + rtree("leveled",
            "{\"level0-components\": 2, \"size-ratio\": 2, \"partitioning\": \"str\", "
                    + "\"max-component-entries\": 100}");

    /** An R-tree under a stack policy, halted once when a merge has installed its output. */
    static final CrashConfiguration BINOMIAL = new CrashConfiguration("binomial k=2",
            PRIMARY + rtree("binomial", "{\"k\": 2}"), "", List.of("stack.merge.installed@1"));

    /**
     * The configuration of the default suite: the leveled R-tree halted at one of its crash points (a committed merge
     * before its inputs go), and failed at two fault points that it must survive ({@code FaultPoints}, a point
     * prefixed {@value CrashRun#SURVIVED_FAULT}), all in one run of its cluster. Each halt costs a restart of about
     * 40 s, so the other crash points, the fault points that halt the node ({@value CrashRun#FAULT}) and the stack
     * policy's crash point are in {@link #EXTENDED} ({@code --extended}) and in {@code crash-test}.
     */
    static final List<CrashConfiguration> DEFAULT = List.of(
            new CrashConfiguration("leveled str, cap 100", LEVELED_STR_CAP_100, "",
                    List.of(CrashRun.SURVIVED_FAULT + "leveled.move.edit@1",
                            CrashRun.SURVIVED_FAULT + "leveled.merge.temporary@1", "leveled.merge.committed@1")));

    /**
     * {@code ./scripts/test --extended}: the stack policy's crash point, and the same leveled R-tree halted at every
     * one of its crash points and failed at the fault points the default suite leaves out, in one run.
     */
    static final List<CrashConfiguration> EXTENDED = List.of(BINOMIAL,
            new CrashConfiguration("leveled str, cap 100, every point", LEVELED_STR_CAP_100, "",
                    List.of("leveled.move.before-edit@1", "leveled.move.committed@1", "leveled.flush.before-edit@1",
                            "leveled.merge.outputs-half-written@1", "leveled.merge.outputs-written@1",
                            "leveled.merge.committed@1", "leveled.merge.inputs-deleting@1",
                            CrashRun.FAULT + "leveled.merge.commit@1",
                            CrashRun.SURVIVED_FAULT + "leveled.manifest.rewrite@1",
                            CrashRun.FAULT + "leveled.flush.edit@2")));

    /**
     * The four organisations in one dataset, each under another stack policy, so that one cluster's crash hits all
     * of them: the default suite kills it while it writes ({@code CrashSafetyTest}).
     */
    static final CrashConfiguration ORGANISATIONS = organisations("DHB + DHVB + SHB + SIF",
            Organisation.DHB.under("binomial", "{\"k\": 2}"), Organisation.DHVB.under("tiered", "{\"size-ratio\": 4}"),
            Organisation.SHB.under("min-latency", "{\"k\": 3}"), Organisation.SIF.under("bigtable", "{\"k\": 3}"));

    /** AsterixDB's {@code concurrent} policy: at most 30 components, merges of 3 to 10, size ratio 1.2. */
    private static final String CONCURRENT = "{\"max-component-count\": 30, \"min-merge-component-count\": 3, "
            + "\"max-merge-component-count\": 10, \"size-ratio\": 1.2}";
    /** AsterixDB's {@code prefix} policy: components up to 1 MiB merge, 3 tolerated. */
    private static final String PREFIX =
            "{\"max-mergable-component-size\": 1048576, \"max-tolerance-component-count\": 3}";

    /**
     * An R-tree under each stack policy, spatial-lsm's and AsterixDB's, each with the parameters of its own
     * configuration in {@link #RANDOM}.
     */
    private static final Indexed[] EVERY_STACK_POLICY = {
        rtree("binomialLoc", "binomial", "{\"k\": 2}"),
        rtree("minLatencyLoc", "min-latency", "{\"k\": 3}"),
        rtree("tieredLoc", "tiered", "{\"size-ratio\": 4}"),
        rtree("bigtableLoc", "bigtable", "{\"k\": 3}"),
        rtree("exploringLoc", "exploring", "{\"k\": 4, \"min-merge\": 2}"),
        rtree("constantAllLoc", "constant-all", "{\"k\": 3}"),
        rtree("concurrentLoc", "concurrent", CONCURRENT),
        rtree("prefixLoc", "prefix", PREFIX)};

    /**
     * What the random crash command runs, one after the other (new ones are appended, so that the i-th keeps its
     * seed S + i); it halts each configuration's NCs once at each of its crash points too, at a random visit (the
     * points' own visit numbers are the default suite's). Every spatial-lsm stack policy is here. The leveled
     * R-trees (B0 = 2, B = 2, so levels open often and moves keep coming) cap their components at 1,000 entries: a
     * step's flush of 1,500 entries per partition already makes every merge write several outputs.
     */
    static final List<CrashConfiguration> RANDOM = List.of(
            BINOMIAL,
            new CrashConfiguration("tiered B=4", PRIMARY + rtree("tiered", "{\"size-ratio\": 4}"), "", List.of()),
            leveled("size", "simple"),
            leveled("str", "hilbert"),
            leveled("rstar-grove-area", "hilbert"),
            stack("min-latency k=3", "min-latency", "{\"k\": 3}"),
            stack("bigtable k=3", "bigtable", "{\"k\": 3}"),
            stack("exploring k=4", "exploring", "{\"k\": 4, \"min-merge\": 2}"),
            stack("constant-all k=3", "constant-all", "{\"k\": 3}"),
            organisations("DHB-tree binomial k=2", Organisation.DHB.under("binomial", "{\"k\": 2}")),
            organisations("DHVB-tree tiered B=4", Organisation.DHVB.under("tiered", "{\"size-ratio\": 4}")),
            organisations("SHB-tree min-latency k=3", Organisation.SHB.under("min-latency", "{\"k\": 3}")),
            organisations("SIF bigtable k=3", Organisation.SIF.under("bigtable", "{\"k\": 3}")),
            ORGANISATIONS,
            // AsterixDB's own policies: they never reach the stack crash points (StackMergePolicyAdapter), so only
            // the kills cut their merges.
            new CrashConfiguration("concurrent (AsterixDB)", PRIMARY + rtree("concurrent", CONCURRENT), "",
                    List.of()),
            new CrashConfiguration("prefix (AsterixDB)", PRIMARY + rtree("prefix", PREFIX), "", List.of()),
            // At most 64 cells per rectangle, not the default 1,024: with the default, each rectangle here fills its
            // cap, and a step's flush writes 40 MB per partition, too slow for kills on a shared machine.
            organisations("SHB-tree on rectangles min-latency k=3", Shape.RECTANGLE,
                    Organisation.SHB.under("SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m, 64)", "min-latency",
                            "{\"k\": 3}")),
            // The leveled B-tree as a dataset's primary index (with its Bloom filters), halted at every leveled
            // crash point, beside a stack-policy R-tree that must keep agreeing with it.
            new CrashConfiguration("leveled primary B-tree, cap 1000",
                    "CREATE DATASET Points(Located) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"leveled\","
                            + " \"parameters\": {\"level0-components\": 2, \"size-ratio\": 2,"
                            + " \"max-component-entries\": 1000}}}; " + rtree("binomial", "{\"k\": 2}"),
                    "", LEVELED_POINTS),
            // The four organisations as leveled B-trees in one dataset (B0 = 2, B = 2, a cap of 1,000 entries; a SIF
            // stores six entries a point, so 6,000), halted at every leveled crash point.
            organisations("leveled organisations, cap 1000", Shape.POINT, LEVELED_POINTS,
                    Organisation.DHB.leveled(1000), Organisation.DHVB.leveled(1000), Organisation.SHB.leveled(1000),
                    Organisation.SIF.leveled(6000)),
            // Combined configurations, for the random kills only (each policy's crash points stay with its own
            // configuration above): one kill cuts the flushes and merges of many policies at once.
            // Every stack policy's R-tree, each with the parameters of its own configuration, on one dataset whose
            // primary index merges too (tiered).
            new CrashConfiguration("every stack policy", "CREATE DATASET Points(Located) PRIMARY KEY id WITH "
                    + "{\"merge-policy\": {\"name\": \"tiered\", \"parameters\": {\"size-ratio\": 4}}}; "
                    + Stream.of(EVERY_STACK_POLICY).map(Indexed::ddl).collect(joining(" ")), "", List.of(),
                    Stream.of(EVERY_STACK_POLICY).map(Indexed::name).toList(), Shape.POINT),
            // The leveled R-trees: the three partitioners capped at 1,000 entries, and the default suite's STR capped
            // at 100, whose every merge writes many outputs.
            combined("leveled size + str + rstar-grove, cap 1000 and 100", Shape.POINT,
                    leveledRTree("leveledSizeLoc", "size", "simple", 1000),
                    leveledRTree("leveledStrLoc", "str", "hilbert", 1000),
                    leveledRTree("leveledRstarGroveLoc", "rstar-grove-area", "hilbert", 1000),
                    leveledRTree("leveledStrCap100Loc", "str", null, 100)),
            // The SHB-tree on rectangles (its cap of 64 cells, as above) beside a leveled R-tree on the same
            // rectangles.
            combined("SHB-tree + leveled R-tree on rectangles", Shape.RECTANGLE,
                    Organisation.SHB.under("SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m, 64)", "min-latency",
                            "{\"k\": 3}"),
                    leveledRTree("leveledStrLoc", "str", "hilbert", 1000)));

    /**
     * Kim's index organisations, each an index on {@code location} named after it (e.g. {@code dhbLoc}): a
     * Hilbert-ordered B-tree of points (DHB), of their 64-bit Hilbert values (DHVB), or a static grid of 2^30 cells
     * over the globe stored in a B-tree (SHB) or an inverted index (SIF), all with AsterixDB's LSM lifecycle and
     * spatial-lsm's stack policies.
     */
    enum Organisation {
        DHB("DHBTREE"), DHVB("DHVBTREE"), SHB("SHBTREE(-180.0, -90.0, 180.0, 90.0)"),
        SIF("SIF(-180.0, -90.0, 180.0, 90.0)");

        private final String type;

        Organisation(String type) {
            this.type = type;
        }

        /** This organisation's index, under a stack policy. */
        Indexed under(String policy, String parametersJson) {
            return under(type, policy, parametersJson);
        }

        /** This organisation's index as a leveled B-tree, B0 = 2, B = 2, its merge outputs capped at {@code cap}. */
        Indexed leveled(int cap) {
            return under("leveled", "{\"level0-components\": 2, \"size-ratio\": 2, \"max-component-entries\": "
                    + cap + "}");
        }

        /** The same with other type arguments ({@code type}: the whole {@code TYPE} clause's type). */
        Indexed under(String type, String policy, String parametersJson) {
            String index = name().toLowerCase(Locale.ROOT) + "Loc";
            return new Indexed(index, "CREATE INDEX " + index + " ON Points(location) TYPE " + type + " WITH "
                    + "{\"merge-policy\": {\"name\": \"" + policy + "\", \"parameters\": " + parametersJson + "}};");
        }
    }

    /** A secondary index: its name and its DDL. */
    record Indexed(String name, String ddl) {
    }

    /**
     * A dataset with these organisations' indexes ({@link Organisation#under}), crashed at the stack policies'
     * points, which every one of them reaches.
     */
    private static CrashConfiguration organisations(String name, Indexed... indexes) {
        return organisations(name, Shape.POINT, indexes);
    }

    /** The same on {@code shape}s (only the SHB-tree indexes rectangles). */
    private static CrashConfiguration organisations(String name, Shape shape, Indexed... indexes) {
        return organisations(name, shape, List.of("stack.merge.scheduled", "stack.merge.installed"), indexes);
    }

    /** The same crashed at {@code crashPoints}. */
    private static CrashConfiguration organisations(String name, Shape shape, List<String> crashPoints,
            Indexed... indexes) {
        return new CrashConfiguration(name, PRIMARY + Stream.of(indexes).map(Indexed::ddl).collect(joining(" ")), "",
                crashPoints, Stream.of(indexes).map(Indexed::name).toList(), shape);
    }

    /** A dataset with these indexes, for random kills only: no crash points. */
    private static CrashConfiguration combined(String name, Shape shape, Indexed... indexes) {
        return organisations(name, shape, List.of(), indexes);
    }

    /** An R-tree under a stack policy, crashed at the stack policies' points (StackMergePolicyAdapter). */
    private static CrashConfiguration stack(String name, String policy, String parametersJson) {
        return new CrashConfiguration(name, PRIMARY + rtree(policy, parametersJson), "",
                List.of("stack.merge.scheduled", "stack.merge.installed"));
    }

    /** A leveled R-tree under crash test at every phase, its outputs cut by {@code partitioning}. */
    private static CrashConfiguration leveled(String partitioning, String comparator) {
        return new CrashConfiguration("leveled " + partitioning + " + " + comparator + ", cap 1000",
                PRIMARY + leveledRTree(RTREE, partitioning, comparator, 1000).ddl(), "", LEVELED_POINTS);
    }

    static String rtree(String policy, String parametersJson) {
        return rtree(RTREE, policy, parametersJson).ddl();
    }

    /** The R-tree {@code name} on {@code location} under {@code policy}. */
    private static Indexed rtree(String name, String policy, String parametersJson) {
        return new Indexed(name, "CREATE INDEX " + name + " ON Points(location) TYPE RTREE WITH {\"merge-policy\": "
                + "{\"name\": \"" + policy + "\", \"parameters\": " + parametersJson + "}};");
    }

    /**
     * The leveled R-tree {@code name} (B0 = 2, B = 2), its outputs cut by {@code partitioning} and capped at
     * {@code cap} entries, its entries ordered by {@code comparator} ({@code null}: the default).
     */
    private static Indexed leveledRTree(String name, String partitioning, String comparator, int cap) {
        return new Indexed(name, "CREATE INDEX " + name + " ON Points(location) TYPE RTREE WITH {\"merge-policy\": "
                + "{\"name\": \"leveled\", \"parameters\": {\"level0-components\": 2, \"size-ratio\": 2, "
                + "\"partitioning\": \"" + partitioning + "\", \"max-component-entries\": " + cap + "}}"
                + (comparator == null ? "" : ", \"comparator\": \"" + comparator + "\"") + "};");
    }

    @Override
    public String toString() {
        return name;
    }
}
