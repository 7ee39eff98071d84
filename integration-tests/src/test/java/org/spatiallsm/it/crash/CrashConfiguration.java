package org.spatiallsm.it.crash;

import java.util.List;

/**
 * One storage configuration under crash test: how the dataset {@code Crash.Points} (type {@code Located}:
 * {@code id: int64, location: point}) and its R-tree {@code loc} on {@code location} are created, the CC's JVM
 * options at creation (internal switches, if any), and the crash points
 * ({@code <point>} or {@code <point>@<n>}, see {@code CrashPoints}) the deterministic run halts an NC at, in order.
 */
record CrashConfiguration(String name, String ddl, String ccJvmOptions, List<String> crashPoints) {

    /** The primary never merges, so every stack-policy crash point is reached by the R-tree's merges. */
    private static final String PRIMARY = "CREATE DATASET Points(Located) PRIMARY KEY id "
            + "WITH {\"merge-policy\": {\"name\": \"no-merge\"}}; ";

    /**
     * The configurations of the default suite: a stack policy, and a leveled R-tree whose small cap makes every
     * merge write several outputs, halted once half-written and once just after the commit.
     */
    static final List<CrashConfiguration> DEFAULT = List.of(
            new CrashConfiguration("binomial k=2", PRIMARY + rtree("binomial", "{\"k\": 2}"), "",
                    List.of("stack.merge.installed@1")),
            new CrashConfiguration("leveled str, cap 100", PRIMARY + rtree("leveled",
                    "{\"level0-components\": 2, \"size-ratio\": 2, \"partitioning\": \"str\", "
                            + "\"max-component-entries\": 100}"), "",
                    List.of("leveled.merge.outputs-half-written@1", "leveled.merge.committed@1")));

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
