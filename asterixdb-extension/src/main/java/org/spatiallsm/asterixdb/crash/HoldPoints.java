package org.spatiallsm.asterixdb.crash;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Named points where a test running in the node's JVM (the in-process test cluster) can stop a storage operation and
 * look at the index while the operation waits there: the thread that reaches the armed visit blocks until the test
 * calls {@link #release}. Armed as crash points are, by {@code -D}{@value #PROPERTY}{@code =<point>} or
 * {@code <point>@<n>} (or {@code System.setProperty} in the test); every {@link CrashPoints crash point} is also a hold
 * point. Without the property every call is one property read. Tests use it to run a query at an exact phase of a merge
 * or a move, with no dependence on timing.
 */
public final class HoldPoints {

    public static final String PROPERTY = "spatiallsm.hold.at";

    private static final ArmedPoints ARMED = new ArmedPoints(PROPERTY);
    private static final Map<String, Hold> HOLDS = new ConcurrentHashMap<>();

    private HoldPoints() {
    }

    /** Blocks the calling thread until {@link #release} if the test asked for this visit of {@code point}. */
    public static void reach(String point) {
        if (ARMED.armedVisit(point) > 0) {
            Hold hold = hold(point);
            hold.reached.countDown();
            boolean interrupted = false;
            while (true) {
                try {
                    hold.released.await();
                    break;
                } catch (InterruptedException e) {
                    // A storage thread must not leave the point half-way; the interrupt is kept for its caller.
                    interrupted = true;
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** True once a thread waits at {@code point}; false if none arrived within {@code timeout}. */
    public static boolean awaitHeld(String point, Duration timeout) throws InterruptedException {
        return hold(point).reached.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /**
     * Lets the thread waiting at {@code point} (or the next one to arrive there) go on; visits count anew from here,
     * so the next armed visit holds again. To end a test that may not have reached the point, clear the property
     * first, then release.
     */
    public static void release(String point) {
        Hold hold = HOLDS.remove(point);
        ARMED.restartCount();
        if (hold != null) {
            hold.released.countDown();
        }
    }

    private static Hold hold(String point) {
        return HOLDS.computeIfAbsent(point, p -> new Hold());
    }

    private record Hold(CountDownLatch reached, CountDownLatch released) {
        Hold() {
            this(new CountDownLatch(1), new CountDownLatch(1));
        }
    }
}
