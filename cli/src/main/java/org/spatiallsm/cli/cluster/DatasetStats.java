package org.spatiallsm.cli.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * A dataset's numbers per index, summed over its partitions on every node: write amplification so far (from the LSM
 * events), disk components opened per search and pages read (from the components listing), and components and bytes
 * per level, from the nodes' typed components listings.
 */
final class DatasetStats {

    /**
     * One level of an index.
     *
     * @param level null for a stack policy, all of whose components are one level, without a number
     */
    record Level(Long level, long components, long bytes) {
    }

    /**
     * One index, as the table's row and the JSON's object (where the derived numbers follow their inputs; null where
     * the table has {@code -}).
     *
     * @param flushes   flush events (bulk loads included); 0 and {@code bytesFlushed} 0 without events
     * @param searches  searches since the nodes opened the index; null for an index that does not count them
     * @param pagesRead pages those searches read from disk; null where no node reports it
     */
    @JsonPropertyOrder({"index", "primary", "partitions", "flushes", "bytesFlushed", "merges", "bytesMerged",
        "writeAmplification", "searches", "componentsOpened", "componentsPerSearch", "pagesRead", "components",
        "bytes", "levels"})
    @JsonIgnoreProperties(value = {"writeAmplification", "componentsPerSearch", "components", "bytes"},
            allowGetters = true)
    record IndexStats(String index, boolean primary, int partitions, long flushes, long bytesFlushed, long merges,
            long bytesMerged, Long searches, long componentsOpened, Long pagesRead, List<Level> levels) {

        /**
         * (bytes flushed + bytes merges wrote) / bytes flushed, the write amplification a log of them measures; null
         * without a flush.
         */
        @JsonProperty
        Double writeAmplification() {
            return bytesFlushed == 0 ? null : (double) (bytesFlushed + bytesMerged) / bytesFlushed;
        }

        /** Null without searches. */
        @JsonProperty
        Double componentsPerSearch() {
            return searches == null || searches == 0 ? null : (double) componentsOpened / searches;
        }

        @JsonProperty
        long components() {
            return levels.stream().mapToLong(Level::components).sum();
        }

        @JsonProperty
        long bytes() {
            return levels.stream().mapToLong(Level::bytes).sum();
        }
    }

    /** What {@code stats --json} prints. */
    record StatsDocument(String dataverse, String dataset, int datasetId, List<IndexStats> indexes) {
    }

    private DatasetStats() {
    }

    /**
     * @param listings every node's {@code /spatial-lsm/components} answer
     * @param events   the dataset's LSM events (of its current incarnation), from every node
     * @return one entry per index, in the order the listings first name them
     */
    static List<IndexStats> of(List<ComponentsListing> listings, List<LsmEvent> events) {
        Map<String, Accumulator> indexes = new LinkedHashMap<>();
        for (ComponentsListing listing : listings) {
            for (IndexListing partition : listing.indexes()) {
                indexes.computeIfAbsent(partition.index(), Accumulator::new).add(partition);
            }
        }
        for (LsmEvent event : events) {
            Accumulator index = indexes.computeIfAbsent(event.where().index(), Accumulator::new);
            if (event.isFlush()) {
                index.flushes++;
                index.bytesFlushed += event.bytesWritten();
            } else if (event.isMerge()) {
                index.merges++;
                index.bytesMerged += event.bytesWritten();
            }
        }
        return indexes.values().stream().map(Accumulator::stats).toList();
    }

    private static final class Accumulator {
        final String index;
        boolean primary;
        int partitions;
        long flushes;
        long bytesFlushed;
        long merges;
        long bytesMerged;
        Long searches;
        long componentsOpened;
        Long pagesRead;
        /** Components and bytes per level; the key -1 stands for the unnumbered level of a stack policy. */
        final Map<Long, long[]> levels = new TreeMap<>();

        Accumulator(String index) {
            this.index = index;
        }

        void add(IndexListing partition) {
            partitions++;
            primary |= partition.primary();
            if (partition.searches() != null) {
                searches = (searches == null ? 0 : searches) + partition.searches();
                componentsOpened += partition.componentsOpened() == null ? 0 : partition.componentsOpened();
            }
            if (partition.pagesRead() != null) {
                pagesRead = (pagesRead == null ? 0 : pagesRead) + partition.pagesRead();
            }
            for (ComponentListing component : partition.components()) {
                long level = component.level() == null ? -1 : component.level();
                long[] sums = levels.computeIfAbsent(level, l -> new long[2]);
                sums[0]++;
                sums[1] += component.bytes();
            }
        }

        IndexStats stats() {
            List<Level> perLevel = new ArrayList<>();
            levels.forEach((level, sums) -> perLevel.add(new Level(level < 0 ? null : level, sums[0], sums[1])));
            return new IndexStats(index, primary, partitions, flushes, bytesFlushed, merges, bytesMerged, searches,
                    componentsOpened, pagesRead, perLevel);
        }
    }

    /** One row per index, then one row per level of each index, like RocksDB's per-level compaction stats. */
    static String table(String dataverse, String dataset, int datasetId, List<IndexStats> indexes) {
        StringBuilder text = new StringBuilder(ComponentsCommand.heading(dataverse, dataset, datasetId));
        if (indexes.isEmpty()) {
            return text.append("no node stores an index partition of it\n").toString();
        }
        int width = Math.max("index".length(), indexes.stream().mapToInt(i -> i.index().length()).max().orElse(0));
        String row = "%-" + width + "s  %10s  %7s  %6s  %12s  %12s  %6s  %8s  %11s  %10s  %10s  %14s%n";
        text.append(String.format(Locale.ROOT, row, "index", "partitions", "flushes", "merges", "MB flushed",
                "MB merged", "W", "searches", "comp/search", "pages read", "components", "bytes on disk"));
        for (IndexStats index : indexes) {
            text.append(String.format(Locale.ROOT, row, index.index() + (index.primary() ? "*" : ""),
                    index.partitions(), grouped(index.flushes()), grouped(index.merges()),
                    megabytes(index.bytesFlushed()), megabytes(index.bytesMerged()),
                    decimal(index.writeAmplification(), "%.3f"), count(index.searches()),
                    decimal(index.componentsPerSearch(), "%.2f"), count(index.pagesRead()),
                    grouped(index.components()), grouped(index.bytes())));
        }
        text.append(String.format(Locale.ROOT, "* the primary index. W: (bytes flushed + bytes merged) / bytes "
                + "flushed, from the LSM events (- without events: no spatial-lsm merge policy, or no flush yet). "
                + "Searches and pages read count since each node opened the index (- where not counted).%n"));
        String levelRow = "%-" + width + "s  %5s  %10s  %14s%n";
        text.append(String.format(Locale.ROOT, "%ncomponents per level (- for a stack policy: one level)%n"));
        text.append(String.format(Locale.ROOT, levelRow, "index", "level", "components", "bytes"));
        for (IndexStats index : indexes) {
            for (Level level : index.levels()) {
                text.append(String.format(Locale.ROOT, levelRow, index.index(),
                        level.level() == null ? "-" : Long.toString(level.level()),
                        grouped(level.components()), grouped(level.bytes())));
            }
            if (index.levels().isEmpty()) {
                text.append(String.format(Locale.ROOT, levelRow, index.index(), "-", "0", "0"));
            }
        }
        return text.toString();
    }

    private static String grouped(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    private static String count(Long value) {
        return value == null ? "-" : grouped(value);
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / 1e6);
    }

    private static String decimal(Double value, String format) {
        return value == null ? "-" : String.format(Locale.ROOT, format, value);
    }
}
