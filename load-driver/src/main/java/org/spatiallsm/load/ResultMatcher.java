package org.spatiallsm.load;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.spatiallsm.workloads.GeoRect;
import org.spatiallsm.workloads.Value;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Compares a generated record with the same record read back as AsterixDB's JSON (a point as {@code [x, y]}, a
 * datetime without zone, a multiset as an array in any order), so a load can prove the content arrived intact.
 */
public final class ResultMatcher {

    private static final DateTimeFormatter ASTERIX_DATETIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS").withZone(ZoneOffset.UTC);

    private ResultMatcher() {
    }

    /** Each difference as "field: expected X, found Y"; empty when the stored record equals the generated one. */
    public static List<String> differences(Value.Obj expected, JsonNode actual) {
        List<String> differences = new ArrayList<>();
        compare("", expected, actual, differences);
        return differences;
    }

    private static void compare(String path, Value expected, JsonNode actual, List<String> differences) {
        if (expected instanceof Value.Obj obj) {
            if (!actual.isObject()) {
                differences.add(where(path) + "expected a record, found " + actual);
                return;
            }
            for (Map.Entry<String, Value> field : obj.fields().entrySet()) {
                String fieldPath = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
                if (!actual.has(field.getKey())) {
                    differences.add(fieldPath + ": missing");
                } else {
                    compare(fieldPath, field.getValue(), actual.get(field.getKey()), differences);
                }
            }
            actual.fieldNames().forEachRemaining(name -> {
                if (obj.get(name) == null) {
                    differences.add((path.isEmpty() ? name : path + "." + name) + ": not generated");
                }
            });
            return;
        }
        Object want = plain(expected);
        Object found = plain(expected, actual);
        if (!want.equals(found)) {
            differences.add(where(path) + "expected " + want + ", found " + actual);
        }
    }

    private static String where(String path) {
        return path.isEmpty() ? "" : path + ": ";
    }

    /** The generated value in the form AsterixDB answers with. */
    private static Object plain(Value value) {
        if (value instanceof Value.Int64 v) {
            return v.value();
        } else if (value instanceof Value.Int32 v) {
            return (long) v.value();
        } else if (value instanceof Value.Real v) {
            return v.value();
        } else if (value instanceof Value.Text v) {
            return v.value();
        } else if (value instanceof Value.Point v) {
            return List.of(v.value().lon(), v.value().lat());
        } else if (value instanceof Value.Rectangle v) {
            GeoRect r = v.value();
            return List.of(List.of(r.minLon(), r.minLat()), List.of(r.maxLon(), r.maxLat()));
        } else if (value instanceof Value.DateTime v) {
            return ASTERIX_DATETIME.format(Instant.ofEpochMilli(v.epochMillis()));
        } else if (value instanceof Value.TextBag v) {
            return v.values().stream().sorted().toList();
        }
        throw new IllegalArgumentException("records do not hold values like " + value);
    }

    /** The stored value read as the kind of value that was generated. */
    private static Object plain(Value expected, JsonNode actual) {
        if (expected instanceof Value.Int64 || expected instanceof Value.Int32) {
            return actual.isIntegralNumber() ? actual.asLong() : actual.toString();
        } else if (expected instanceof Value.Real) {
            return actual.isNumber() ? actual.asDouble() : actual.toString();
        } else if (expected instanceof Value.Text || expected instanceof Value.DateTime) {
            return actual.isTextual() ? actual.asText() : actual.toString();
        } else if (expected instanceof Value.Point) {
            return actual.isArray() && actual.size() == 2
                    ? List.of(actual.get(0).asDouble(), actual.get(1).asDouble()) : actual.toString();
        } else if (expected instanceof Value.Rectangle) {
            // AsterixDB answers a rectangle as its two corners, [[x1, y1], [x2, y2]]
            return actual.isArray() && actual.size() == 2 && actual.get(0).size() == 2 && actual.get(1).size() == 2
                    ? List.of(List.of(actual.get(0).get(0).asDouble(), actual.get(0).get(1).asDouble()),
                            List.of(actual.get(1).get(0).asDouble(), actual.get(1).get(1).asDouble()))
                    : actual.toString();
        } else if (expected instanceof Value.TextBag) {
            List<String> values = new ArrayList<>();
            actual.forEach(v -> values.add(v.asText()));
            return values.stream().sorted().toList();
        }
        return actual.toString();
    }
}
