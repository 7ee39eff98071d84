package org.spatiallsm.load;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A set of int64 keys as sorted, disjoint, non-adjacent half-open ranges {@code [from, to)}: the keys a load still
 * has to send. After a failure the loader finds which of its keys the dataset holds and sends the others again, so
 * what it resends is exactly {@link #missing} of what it stored.
 */
public final class KeyRanges {

    /** Keys {@code from} .. {@code to - 1}. */
    public record Range(long from, long to) {

        public Range {
            if (from >= to) {
                throw new IllegalArgumentException("empty range [" + from + ", " + to + ")");
            }
        }

        public long size() {
            return to - from;
        }

        @Override
        public String toString() {
            return size() == 1 ? Long.toString(from) : from + ".." + (to - 1);
        }
    }

    private final List<Range> ranges;

    private KeyRanges(List<Range> ranges) {
        this.ranges = List.copyOf(ranges);
    }

    public static KeyRanges empty() {
        return new KeyRanges(List.of());
    }

    /** Keys {@code from} .. {@code to - 1}; empty when {@code from >= to}. */
    public static KeyRanges of(long from, long to) {
        return from < to ? new KeyRanges(List.of(new Range(from, to))) : empty();
    }

    /**
     * The keys of {@code [from, to)} that are not in {@code present}, which must be sorted ascending (keys outside the
     * range and repeated keys are allowed and ignored).
     */
    public static KeyRanges missing(long from, long to, long[] present) {
        Builder missing = new Builder();
        long next = from;
        for (long key : present) {
            if (key < next) {
                continue;
            }
            if (key >= to) {
                break;
            }
            missing.add(next, key);
            next = key + 1;
        }
        missing.add(next, to);
        return missing.build();
    }

    public List<Range> ranges() {
        return ranges;
    }

    public boolean isEmpty() {
        return ranges.isEmpty();
    }

    /** How many keys. */
    public long size() {
        return ranges.stream().mapToLong(Range::size).sum();
    }

    /** The keys of this set, ascending, to the consumer. */
    public void forEachKey(KeyConsumer consumer) throws IOException {
        for (Range range : ranges) {
            for (long key = range.from(); key < range.to(); key++) {
                consumer.accept(key);
            }
        }
    }

    /** Receives one key. */
    @FunctionalInterface
    public interface KeyConsumer {
        void accept(long key) throws IOException;
    }

    /** For messages: the first {@code shown} ranges, then how many more, e.g. {@code 5..9, 12, 20..29 and 4 more}. */
    public String describe(int shown) {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < Math.min(shown, ranges.size()); i++) {
            text.append(i == 0 ? "" : ", ").append(ranges.get(i));
        }
        if (ranges.size() > shown) {
            text.append(String.format(Locale.ROOT, " and %,d more", ranges.size() - shown));
        }
        return text.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KeyRanges keys && keys.ranges.equals(ranges);
    }

    @Override
    public int hashCode() {
        return ranges.hashCode();
    }

    @Override
    public String toString() {
        return ranges.toString();
    }

    /** Collects ranges in ascending order, joining adjacent ones. */
    public static final class Builder {
        private final List<Range> ranges = new ArrayList<>();

        /**
         * Adds {@code [from, to)}, which must not start before the end of the last range added; an empty range is
         * ignored.
         */
        public Builder add(long from, long to) {
            if (from >= to) {
                return this;
            }
            Range last = ranges.isEmpty() ? null : ranges.get(ranges.size() - 1);
            if (last != null && from < last.to()) {
                throw new IllegalArgumentException("range [" + from + ", " + to + ") overlaps or precedes " + last);
            }
            if (last != null && from == last.to()) {
                ranges.set(ranges.size() - 1, new Range(last.from(), to));
            } else {
                ranges.add(new Range(from, to));
            }
            return this;
        }

        public Builder addAll(KeyRanges keys) {
            keys.ranges().forEach(r -> add(r.from(), r.to()));
            return this;
        }

        public KeyRanges build() {
            return new KeyRanges(ranges);
        }
    }
}
