package org.spatiallsm.asterixdb.crash;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The arming shared by crash and fault points: a system property names one point, {@code <point>} (its first visit)
 * or {@code <point>@<n>} (its n-th visit), and the visits of that point are counted from the JVM's start.
 */
final class ArmedPoints {

    private final String property;
    private final Map<String, AtomicInteger> reached = new ConcurrentHashMap<>();

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
        int visit = reached.computeIfAbsent(point, p -> new AtomicInteger()).incrementAndGet();
        int wantedVisit = at < 0 ? 1 : Integer.parseInt(wanted.substring(at + 1));
        return visit == wantedVisit ? visit : 0;
    }
}
