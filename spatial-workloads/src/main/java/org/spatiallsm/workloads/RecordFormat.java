package org.spatiallsm.workloads;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Iterator;
import java.util.Map;

/**
 * How a record becomes one line of text. ADM is what AsterixDB's feeds and SQL++ read (a point is
 * {@code point("x,y")}); JSON is for other tools (a point is {@code [x, y]}, as AsterixDB itself writes points in
 * JSON results, a rectangle {@code [[x1, y1], [x2, y2]]}, and a datetime an ISO-8601 string).
 */
public enum RecordFormat {
    ADM, JSON;

    private static final DateTimeFormatter DATETIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    public String format(Value value) {
        StringBuilder out = new StringBuilder(1100);
        append(out, value);
        return out.toString();
    }

    public void append(StringBuilder out, Value value) {
        // Java 17 has no pattern matching in switch yet; the sealed interface keeps this list complete.
        if (value instanceof Value.Int64 v) {
            out.append(v.value());
        } else if (value instanceof Value.Int32 v) {
            out.append(v.value());
        } else if (value instanceof Value.Real v) {
            out.append(number(v.value()));
        } else if (value instanceof Value.Text v) {
            appendString(out, v.value());
        } else if (value instanceof Value.Point v) {
            appendPoint(out, v.value());
        } else if (value instanceof Value.Rectangle v) {
            appendRectangle(out, v.value());
        } else if (value instanceof Value.DateTime v) {
            appendDateTime(out, v.epochMillis());
        } else if (value instanceof Value.TextBag v) {
            appendBag(out, v);
        } else {
            appendObject(out, (Value.Obj) value);
        }
    }

    private void appendPoint(StringBuilder out, GeoPoint p) {
        if (this == ADM) {
            out.append("point(\"").append(number(p.lon())).append(',').append(number(p.lat())).append("\")");
        } else {
            out.append('[').append(number(p.lon())).append(", ").append(number(p.lat())).append(']');
        }
    }

    private void appendRectangle(StringBuilder out, GeoRect r) {
        if (this == ADM) {
            out.append("rectangle(\"").append(number(r.minLon())).append(',').append(number(r.minLat())).append(' ')
                    .append(number(r.maxLon())).append(',').append(number(r.maxLat())).append("\")");
        } else {
            out.append("[[").append(number(r.minLon())).append(", ").append(number(r.minLat())).append("], [")
                    .append(number(r.maxLon())).append(", ").append(number(r.maxLat())).append("]]");
        }
    }

    private void appendDateTime(StringBuilder out, long epochMillis) {
        String text = DATETIME.format(Instant.ofEpochMilli(epochMillis));
        if (this == ADM) {
            out.append("datetime(\"").append(text).append("\")");
        } else {
            appendString(out, text);
        }
    }

    private void appendBag(StringBuilder out, Value.TextBag bag) {
        out.append(this == ADM ? "{{" : "[");
        for (int i = 0; i < bag.values().size(); i++) {
            out.append(i == 0 ? "" : ", ");
            appendString(out, bag.values().get(i));
        }
        out.append(this == ADM ? "}}" : "]");
    }

    private void appendObject(StringBuilder out, Value.Obj obj) {
        out.append('{');
        Iterator<Map.Entry<String, Value>> fields = obj.fields().entrySet().iterator();
        while (fields.hasNext()) {
            Map.Entry<String, Value> field = fields.next();
            appendString(out, field.getKey());
            out.append(": ");
            append(out, field.getValue());
            if (fields.hasNext()) {
                out.append(", ");
            }
        }
        out.append('}');
    }

    /** Shortest text that reads back as the same double, never in exponent form (ADM's point parser needs that). */
    public static String number(double d) {
        String shortest = Double.toString(d);
        return shortest.indexOf('E') < 0 ? shortest : BigDecimal.valueOf(d).stripTrailingZeros().toPlainString();
    }

    /** JSON string escaping, which ADM and SQL++ string literals share. */
    static void appendString(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}
