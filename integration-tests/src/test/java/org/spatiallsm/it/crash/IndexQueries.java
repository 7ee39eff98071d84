package org.spatiallsm.it.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.spatiallsm.client.QueryServiceClient;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Queries of {@code Crash.Points} through one named secondary index, compared with the primary index. Each returns
 * what it found wrong, as one-line messages. A {@code use-index} hint picks the index, so that a dataset may hold
 * several spatial indexes on {@code location}; the plan is checked to search it.
 */
final class IndexQueries {

    /** Far beyond the workload's coordinates (a globe), and printed without an exponent in the query. */
    private static final double WHOLE_PLANE = 1.0e6;

    private final QueryServiceClient client;
    private final Random random;
    private final Shape shape;

    /** Queries of points. */
    IndexQueries(QueryServiceClient client, Random random) {
        this(client, random, Shape.POINT);
    }

    IndexQueries(QueryServiceClient client, Random random, Shape shape) {
        this.client = client;
        this.random = random;
        this.shape = shape;
    }

    /** A violation when the plan of a window query hinted to {@code index} does not search that index. */
    List<String> notThroughIndex(String index) {
        String plan = client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; EXPLAIN SELECT VALUE p.id FROM "
                + CrashWorkload.DATASET + " p WHERE " + intersects(index, -10, -10, 10, 10) + ";").plan();
        // The index search names its index first, in quotes (escaped in the JSON plan); the bare name may be part of
        // a field's.
        return plan.replace("\\", "").contains("index-search(\"" + index + "\"") ? List.of()
                : List.of("a window query does not use " + index + ": " + plan.lines().limit(3).toList());
    }

    /**
     * One window over the whole plane through {@code index}: the records it finds (id and coordinates) equal
     * {@code throughPrimary}, the {@link #records} of a scan of the primary, as multisets. So every entry of every
     * component of the index is read, not a sample.
     */
    List<String> wholePlane(String index, List<String> throughPrimary) {
        List<String> throughIndex = records(intersects(index, -WHOLE_PLANE, -WHOLE_PLANE, WHOLE_PLANE, WHOLE_PLANE));
        return throughIndex.equals(throughPrimary) ? List.of()
                : List.of("whole plane: " + index + " finds " + throughIndex.size() + " records, the primary "
                        + throughPrimary.size() + difference(index, throughIndex, throughPrimary));
    }

    /** Random windows: the ids {@code index} finds equal those of a scan of the primary, duplicates included. */
    List<String> windows(String index, int count) {
        List<String> violations = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            // Coordinates lie on multiples of 0.1; the window's edges at x.x5 never touch one.
            double x1 = -180 + random.nextInt(3000) / 10.0 + 0.05;
            double y1 = -85 + random.nextInt(1400) / 10.0 + 0.05;
            double x2 = x1 + 5 + random.nextInt(600) / 10.0;
            double y2 = y1 + 5 + random.nextInt(300) / 10.0;
            List<Long> throughIndex = ids(intersects(index, x1, y1, x2, y2));
            List<Long> throughScan = ids(shape.meetsWindow("p.location", x1, y1, x2, y2));
            if (!throughIndex.equals(throughScan)) {
                violations.add(String.format(Locale.ROOT, "window (%s,%s)-(%s,%s): %s finds %d ids, a scan %d%s", x1,
                        y1, x2, y2, index, throughIndex.size(), throughScan.size(),
                        difference(index, throughIndex, throughScan)));
            }
        }
        return violations;
    }

    /** Ids of the records that meet the condition, in id order. */
    List<Long> ids(String condition) {
        return client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; SELECT VALUE p.id FROM "
                + CrashWorkload.DATASET + " p WHERE " + condition + " ORDER BY p.id;").results().stream()
                .map(JsonNode::asLong).toList();
    }

    /**
     * {@code [id, coordinates...]} of each record that meets the condition, sorted as text: equal multisets, equal
     * lists.
     */
    List<String> records(String condition) {
        return rows(condition).stream().map(JsonNode::toString).sorted().toList();
    }

    /** {@code [id, coordinates...]} of each record that meets the condition, in no particular order. */
    List<JsonNode> rows(String condition) {
        return client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; SELECT VALUE [p.id, "
                + shape.coordinates("p.location") + "] FROM " + CrashWorkload.DATASET + " p WHERE " + condition + ";")
                .results();
    }

    private static String intersects(String index, double x1, double y1, double x2, double y2) {
        return String.format(Locale.ROOT, "/* +use-index(%s) */ spatial_intersect(p.location, create_rectangle("
                + "create_point(%s, %s), create_point(%s, %s)))", index, x1, y1, x2, y2);
    }

    private static <T> String difference(String index, List<T> throughIndex, List<T> scan) {
        List<T> onlyIndex = new ArrayList<>(throughIndex);
        scan.forEach(onlyIndex::remove);
        List<T> onlyScan = new ArrayList<>(scan);
        throughIndex.forEach(onlyScan::remove);
        return " (only through " + index + ": " + onlyIndex.stream().limit(10).toList() + ", only in the scan: "
                + onlyScan.stream().limit(10).toList() + ")";
    }
}
