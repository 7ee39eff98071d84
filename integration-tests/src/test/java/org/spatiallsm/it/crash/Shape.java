package org.spatiallsm.it.crash;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What the crash workload's {@code location} field holds, and every formula that depends on it: the SQL++ that
 * writes a record's location, the same coordinates computed here, the ADM text a feed sends, and the scan predicate
 * a window query is checked against. Points lie on a 0.1 grid; a rectangle's bottom-left corner is where the point
 * of the same id would be, and its sides are 0.1 to 3.1 (width) and 0.1 to 1.7 (height) long, so corners lie on
 * the grid too and some rectangles reach past longitude 180 (out of an SHB-tree's space).
 */
enum Shape {
    POINT("point"), RECTANGLE("rectangle");

    private final String typeName;

    Shape(String typeName) {
        this.typeName = typeName;
    }

    /** The ADM type of the field. */
    String typeName() {
        return typeName;
    }

    /**
     * The coordinates of record {@code id}: as inserted, or as an upsert moves it; {@link #sql} computes the same
     * doubles, operation by operation. A point has {@code [x, y]}, a rectangle {@code [x1, y1, x2, y2]}.
     */
    double[] location(long id, boolean moved) {
        double x = moved ? (id * 41 + 1800) % 3600 / 10.0 - 180.0 : (id * 37) % 3600 / 10.0 - 180.0;
        double y = moved ? (id * 59 + 850) % 1700 / 10.0 - 85.0 : (id * 53) % 1700 / 10.0 - 85.0;
        return this == POINT ? new double[] { x, y }
                : new double[] { x, y, x + (id % 31 + 1) / 10.0, y + (id % 17 + 1) / 10.0 };
    }

    /** The SQL++ expression of {@link #location} for the record whose id is the variable {@code x}. */
    String sql(boolean moved) {
        String x = moved ? "to_double((x * 41 + 1800) % 3600) / 10.0 - 180.0"
                : "to_double((x * 37) % 3600) / 10.0 - 180.0";
        String y = moved ? "to_double((x * 59 + 850) % 1700) / 10.0 - 85.0"
                : "to_double((x * 53) % 1700) / 10.0 - 85.0";
        return this == POINT ? "create_point(" + x + ", " + y + ")"
                : "create_rectangle(create_point(" + x + ", " + y + "), create_point(" + x
                        + " + to_double(x % 31 + 1) / 10.0, " + y + " + to_double(x % 17 + 1) / 10.0))";
    }

    /** The ADM constructor of record {@code id}'s inserted location, as a feed sends it. */
    String adm(long id) {
        String coordinates = Arrays.stream(location(id, false)).mapToObj(Shape::plain)
                .collect(Collectors.joining(","));
        return this == POINT ? "point(\"" + coordinates + "\")"
                : "rectangle(\"" + coordinates.replaceFirst("^([^,]+,[^,]+),", "$1 ") + "\")";
    }

    /** SQL++ of the coordinates of {@code field}, in {@link #location}'s order. */
    String coordinates(String field) {
        return this == POINT ? "get_x(" + field + "), get_y(" + field + ")"
                : "get_x(get_points(" + field + ")[0]), get_y(get_points(" + field + ")[0]), get_x(get_points("
                        + field + ")[1]), get_y(get_points(" + field + ")[1])";
    }

    /**
     * A predicate that no index can answer: {@code field} meets the open window (x1, y1)-(x2, y2), whose edges never
     * touch a coordinate the workload writes.
     */
    String meetsWindow(String field, double x1, double y1, double x2, double y2) {
        String low = this == POINT ? field : "get_points(" + field + ")[0]";
        String high = this == POINT ? field : "get_points(" + field + ")[1]";
        return String.format(Locale.ROOT, "get_x(%s) > %s AND get_x(%s) < %s AND get_y(%s) > %s AND get_y(%s) < %s",
                high, x1, low, x2, high, y1, low, y2);
    }

    /** A double without an exponent, which parses back to the same double. */
    private static String plain(double value) {
        return new BigDecimal(Double.toString(value)).toPlainString();
    }
}
