package org.spatiallsm.asterixdb.crash;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The arming shared by crash and fault points. A system property names the armed points, separated by commas, each
 * {@code <point>} (its first visit) or {@code <point>@<n>} (its n-th visit); or it is {@code file:<path>}, and the
 * file holds that list (absent or empty: nothing armed). The file is read at every visit, so a test can arm points
 * in a running JVM, e.g. only once a restarted node is ACTIVE. Visits are counted from the JVM's start, or from the
 * last change of the property's value or the file's text, or from {@link #restartCount} (a released hold point).
 */
final class ArmedPoints {

    /** A property value with this prefix names the file that holds the armed points. */
    static final String FILE_PREFIX = "file:";

    private final String property;
    private final Map<String, Integer> reached = new HashMap<>();
    private String armed = "";

    ArmedPoints(String property) {
        this.property = property;
    }

    /** The visit number if this visit of {@code point} is an armed one, else 0. Costs one property read if unarmed. */
    int armedVisit(String point) {
        String value = System.getProperty(property);
        if (value == null || value.isEmpty()) {
            return 0;
        }
        return visit(point, value.startsWith(FILE_PREFIX) ? read(Path.of(value.substring(FILE_PREFIX.length())))
                : value);
    }

    private synchronized int visit(String point, String wanted) {
        if (!wanted.equals(armed)) {
            armed = wanted;
            reached.clear();
        }
        for (String one : wanted.split(",")) {
            int at = one.indexOf('@');
            String name = (at < 0 ? one : one.substring(0, at)).strip();
            if (name.equals(point)) {
                int visit = reached.merge(point, 1, Integer::sum);
                int wantedVisit = at < 0 ? 1 : Integer.parseInt(one.substring(at + 1).strip());
                return visit == wantedVisit ? visit : 0;
            }
        }
        return 0;
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8).strip();
        } catch (NoSuchFileException e) {
            return "";
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the armed points in " + file + ": " + e.getMessage(), e);
        }
    }

    /** Starts a new count of every point's visits. */
    synchronized void restartCount() {
        reached.clear();
    }
}
