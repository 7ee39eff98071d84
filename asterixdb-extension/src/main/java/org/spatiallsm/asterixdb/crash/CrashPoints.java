package org.spatiallsm.asterixdb.crash;

/**
 * Named points in the storage code where a crash test may stop the node as {@code kill -9} would: no shutdown hook,
 * no flush, no cleanup. The node's JVM is started with {@code -D}{@value #PROPERTY}{@code =<point>} (the first time
 * the point is reached) or {@code <point>@<n>} (the n-th time), or {@code file:<path>}, a file that arms points in
 * the running JVM (see {@link ArmedPoints}). Without the property every call is a no-op, so the
 * points cost one property read in production. Deterministic crashes let the default suite land a crash in every
 * phase without depending on timing; the long crash command adds random {@code kill -9}.
 */
public final class CrashPoints {

    public static final String PROPERTY = "spatiallsm.crash.at";
    /** The exit status of a halted node, as a {@code kill -9} would give (128 + 9). */
    public static final int HALT_STATUS = 137;

    private static final ArmedPoints ARMED = new ArmedPoints(PROPERTY);

    private CrashPoints() {
    }

    /**
     * Halts the JVM if the crash test asked for this visit of {@code point}; first waits there if a test holds the
     * point ({@link HoldPoints}).
     */
    public static void reach(String point) {
        HoldPoints.reach(point);
        int visit = ARMED.armedVisit(point);
        if (visit > 0) {
            System.err.println("spatial-lsm: crash point " + point + " reached (visit " + visit + "), halting");
            System.err.flush();
            Runtime.getRuntime().halt(HALT_STATUS);
        }
    }
}
