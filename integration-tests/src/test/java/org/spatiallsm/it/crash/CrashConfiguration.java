package org.spatiallsm.it.crash;

import java.util.List;

import org.spatiallsm.asterixdb.rtree.partitioned.PartitionedMergeSpike;

/**
 * One storage configuration under crash test: how the dataset {@code Crash.Points} (type {@code Located}:
 * {@code id: int64, location: point}) and its R-tree {@code loc} on {@code location} are created, the CC's JVM
 * options at creation (internal switches such as the partitioned-merge spike's), and the crash points
 * ({@code <point>} or {@code <point>@<n>}, see {@code CrashPoints}) the deterministic run halts an NC at, in order.
 */
record CrashConfiguration(String name, String ddl, String ccJvmOptions, List<String> crashPoints) {

    /** The primary never merges, so every stack-policy crash point is reached by the R-tree's merges. */
    private static final String PRIMARY = "CREATE DATASET Points(Located) PRIMARY KEY id "
            + "WITH {\"merge-policy\": {\"name\": \"no-merge\"}}; ";

    /** The configurations of the default suite: a stack policy, and the spike's two-output merges. */
    static final List<CrashConfiguration> DEFAULT = List.of(
            new CrashConfiguration("binomial k=2", PRIMARY + rtree("binomial", "{\"k\": 2}"), "",
                    List.of("stack.merge.installed@1")),
            new CrashConfiguration("spike constant-all, 2 outputs", PRIMARY + rtree("constant-all", "{\"k\": 3}"),
                    "-D" + PartitionedMergeSpike.OUTPUTS_PROPERTY + "=2", List.of("stack.merge.scheduled@1")));

    /** What the random crash command runs, one after the other. */
    static final List<CrashConfiguration> RANDOM = List.of(
            DEFAULT.get(0),
            DEFAULT.get(1),
            new CrashConfiguration("tiered B=4", PRIMARY + rtree("tiered", "{\"size-ratio\": 4}"), "", List.of()));

    static String rtree(String policy, String parametersJson) {
        return "CREATE INDEX loc ON Points(location) TYPE RTREE WITH {\"merge-policy\": {\"name\": \"" + policy
                + "\", \"parameters\": " + parametersJson + "}};";
    }

    @Override
    public String toString() {
        return name;
    }
}
