package org.spatiallsm.workloads;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A generated value, kept typed so that each output format can write it its own way. */
public sealed interface Value {

    record Int64(long value) implements Value {
    }

    record Int32(int value) implements Value {
    }

    record Real(double value) implements Value {
    }

    record Text(String value) implements Value {
    }

    record Point(GeoPoint value) implements Value {
    }

    record Rectangle(GeoRect value) implements Value {
    }

    /** Milliseconds since 1970-01-01T00:00:00Z. */
    record DateTime(long epochMillis) implements Value {
    }

    /** An unordered bag of strings: an ADM multiset {@code {{ ... }}}. */
    record TextBag(List<String> values) implements Value {
    }

    /** A record; fields keep their order. */
    record Obj(Map<String, Value> fields) implements Value {

        public Value get(String name) {
            return fields.get(name);
        }

        public static Builder builder() {
            return new Builder();
        }

        public static final class Builder {
            private final Map<String, Value> fields = new LinkedHashMap<>();

            public Builder put(String name, Value value) {
                fields.put(name, value);
                return this;
            }

            public Obj build() {
                return new Obj(Collections.unmodifiableMap(new LinkedHashMap<>(fields)));
            }
        }
    }
}
