package org.spatiallsm.asterixdb.organisation.grid;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * What the searches of each SHB-tree or SIF index partition did since the NC started: searches, B-tree ranges or
 * tokens searched, candidates read and results returned (false-positive ratio = 1 - results / candidates). Kept in
 * the NC's memory, per index directory.
 */
public final class GridSearchCounters {

    private static final Map<String, GridSearchCounters> BY_INDEX = new ConcurrentHashMap<>();

    private final LongAdder searches = new LongAdder();
    private final LongAdder ranges = new LongAdder();
    private final LongAdder candidates = new LongAdder();
    private final LongAdder results = new LongAdder();

    /** @param searches R-tree searches answered; the others are summed over them */
    public record Snapshot(long searches, long ranges, long candidates, long results) {

        public Snapshot minus(Snapshot earlier) {
            return new Snapshot(searches - earlier.searches, ranges - earlier.ranges,
                    candidates - earlier.candidates, results - earlier.results);
        }
    }

    static GridSearchCounters of(String indexIdentifier) {
        return BY_INDEX.computeIfAbsent(indexIdentifier, identifier -> new GridSearchCounters());
    }

    /** The counters summed over the partitions of every index directory named {@code indexName}. */
    public static Snapshot snapshot(String indexName) {
        long[] sums = new long[4];
        BY_INDEX.forEach((identifier, counters) -> {
            if (Path.of(identifier).getFileName().toString().equals(indexName)) {
                sums[0] += counters.searches.sum();
                sums[1] += counters.ranges.sum();
                sums[2] += counters.candidates.sum();
                sums[3] += counters.results.sum();
            }
        });
        return new Snapshot(sums[0], sums[1], sums[2], sums[3]);
    }

    void search(int rangesSearched) {
        searches.increment();
        ranges.add(rangesSearched);
    }

    void candidate() {
        candidates.increment();
    }

    void result() {
        results.increment();
    }
}
