package org.spatiallsm.asterixdb.crash;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Named points in the storage code where a crash test may stop the node as {@code kill -9} would: no shutdown hook,
 * no flush, no cleanup. The node's JVM is started with {@code -D}{@value #PROPERTY}{@code =<point>} (the first time
 * the point is reached) or {@code <point>@<n>} (the n-th time). Without the property every call is a no-op, so the
 * points cost one property read in production. Deterministic crashes let the default suite land a crash in every
 * phase without depending on timing; the long crash command adds random {@code kill -9}.
 */
public final class CrashPoints {

    public static final String PROPERTY = "spatiallsm.crash.at";
    /** The exit status of a halted node, as a {@code kill -9} would give (128 + 9). */
    public static final int HALT_STATUS = 137;

    private static final Map<String, AtomicInteger> REACHED = new ConcurrentHashMap<>();

    private CrashPoints() {
    }

    /** Halts the JVM if the crash test asked for this visit of {@code point}. */
    public static void reach(String point) {
        String wanted = System.getProperty(PROPERTY);
        if (wanted == null || wanted.isEmpty()) {
            return;
        }
        int at = wanted.indexOf('@');
        String name = at < 0 ? wanted : wanted.substring(0, at);
        if (!name.equals(point)) {
            return;
        }
        int visit = REACHED.computeIfAbsent(point, p -> new AtomicInteger()).incrementAndGet();
        int wantedVisit = at < 0 ? 1 : Integer.parseInt(wanted.substring(at + 1));
        if (visit == wantedVisit) {
            System.err.println("spatial-lsm: crash point " + point + " reached (visit " + visit + "), halting");
            System.err.flush();
            Runtime.getRuntime().halt(HALT_STATUS);
        }
    }
}
