package org.spatiallsm.asterixdb.crash;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The arming shared by crash, fault and hold points: a system property names one point, {@code <point>} (its first
 * visit) or {@code <point>@<n>} (its n-th visit), and the visits of that point are counted from the moment the
 * property took its present value. A node's JVM sets it once at its start; a test in the same JVM may give it another
 * value, which starts a new count.
 */
final class ArmedPoints {

    private final String property;
    private final Map<String, AtomicInteger> reached = new ConcurrentHashMap<>();
    private volatile String countedFor;

    ArmedPoints(String property) {
        this.property = property;
    }

    /** The visit number if this visit of {@code point} is the armed one, else 0. Costs one property read if unarmed. */
    int armedVisit(String point) {
        String wanted = System.getProperty(property);
        if (wanted == null || wanted.isEmpty()) {
            return 0;
        }
        int at = wanted.indexOf('@');
        String name = at < 0 ? wanted : wanted.substring(0, at);
        if (!name.equals(point)) {
            return 0;
        }
        int visit = counter(wanted).incrementAndGet();
        int wantedVisit = at < 0 ? 1 : Integer.parseInt(wanted.substring(at + 1));
        return visit == wantedVisit ? visit : 0;
    }

    /** Starts a new count of every point's visits. */
    synchronized void restartCount() {
        reached.clear();
    }

    private AtomicInteger counter(String wanted) {
        if (!Objects.equals(countedFor, wanted)) {
            synchronized (this) {
                if (!Objects.equals(countedFor, wanted)) {
                    reached.clear();
                    countedFor = wanted;
                }
            }
        }
        return reached.computeIfAbsent(wanted, p -> new AtomicInteger());
    }
}
