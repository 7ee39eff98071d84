package org.spatiallsm.asterixdb.crash;

import java.io.IOException;

/**
 * Named points in the storage code where a test may make a write fail as a full disk would, instead of halting the
 * node as a {@link CrashPoints crash point} does. The node's JVM is started with {@code -D}{@value #PROPERTY}
 * {@code =<point>} (the first time the point is reached) or {@code <point>@<n>} (the n-th time), several separated by
 * commas, or {@code file:<path>}, a file that arms points in the running JVM (see {@link ArmedPoints}); that visit
 * throws an {@link IOException} ("No space left on device"), every other visit passes. Without the property every
 * call is a no-op: one property read. The code around the point must then handle the failure as it would a real one.
 */
public final class FaultPoints {

    public static final String PROPERTY = "spatiallsm.fail.at";
    /** The NC prints this, followed by the point's name, when it throws at a point. */
    public static final String MESSAGE = "spatial-lsm: injected I/O error at ";

    private static final ArmedPoints ARMED = new ArmedPoints(PROPERTY);

    private FaultPoints() {
    }

    /** Throws an {@link IOException} if the test asked for this visit of {@code point}. */
    public static void reach(String point) throws IOException {
        int visit = ARMED.armedVisit(point);
        if (visit > 0) {
            System.err.println(MESSAGE + point + " (visit " + visit + ")");
            System.err.flush();
            throw new IOException("No space left on device (injected at " + point + ", visit " + visit + ")");
        }
    }
}
