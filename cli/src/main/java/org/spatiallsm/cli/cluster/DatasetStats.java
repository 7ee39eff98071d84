package org.spatiallsm.cli.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;

import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A dataset's numbers per index, summed over its partitions on every node: write amplification so far (from the LSM
 * events), disk components opened per search and pages read (from the components listing), and components and bytes
 * per level, from the nodes' typed components listings.
 */
final class DatasetStats {

    /** One level of an index: all of a stack policy's components are one level, without a number. */
    record Level(OptionalLong level, long components, long bytes) {
    }

    /**
     * @param flushes      flush events (bulk loads included); 0 and {@code bytesFlushed} 0 without events
     * @param searches     searches since the nodes opened the index; empty for an index that does not count them
     * @param pagesRead    pages those searches read from disk; empty where no node reports it
     */
    record IndexStats(String index, boolean primary, int partitions, long flushes, long bytesFlushed, long merges,
            long bytesMerged, OptionalLong searches, long componentsOpened, OptionalLong pagesRead,
            List<Level> levels) {

        /** (bytes flushed + bytes merges wrote) / bytes flushed, the write amplification a log of them measures. */
        OptionalDouble writeAmplification() {
            return bytesFlushed == 0 ? OptionalDouble.empty()
                    : OptionalDouble.of((double) (bytesFlushed + bytesMerged) / bytesFlushed);
        }

        OptionalDouble componentsPerSearch() {
            return searches.isPresent() && searches.getAsLong() > 0
                    ? OptionalDouble.of((double) componentsOpened / searches.getAsLong()) : OptionalDouble.empty();
        }

        long components() {
            return levels.stream().mapToLong(Level::components).sum();
        }

        long bytes() {
            return levels.stream().mapToLong(Level::bytes).sum();
        }
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
            levels.forEach((level, sums) -> perLevel.add(new Level(level < 0 ? OptionalLong.empty()
                    : OptionalLong.of(level), sums[0], sums[1])));
            return new IndexStats(index, primary, partitions, flushes, bytesFlushed, merges, bytesMerged,
                    searches == null ? OptionalLong.empty() : OptionalLong.of(searches), componentsOpened,
                    pagesRead == null ? OptionalLong.empty() : OptionalLong.of(pagesRead), perLevel);
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
                        level.level().isPresent() ? Long.toString(level.level().getAsLong()) : "-",
                        grouped(level.components()), grouped(level.bytes())));
            }
            if (index.levels().isEmpty()) {
                text.append(String.format(Locale.ROOT, levelRow, index.index(), "-", "0", "0"));
            }
        }
        return text.toString();
    }

    static String json(String dataverse, String dataset, int datasetId, List<IndexStats> indexes) {
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("dataverse", dataverse);
        json.put("dataset", dataset);
        json.put("datasetId", datasetId);
        ArrayNode array = json.putArray("indexes");
        for (IndexStats index : indexes) {
            ObjectNode node = array.addObject();
            node.put("index", index.index());
            node.put("primary", index.primary());
            node.put("partitions", index.partitions());
            node.put("flushes", index.flushes());
            node.put("bytesFlushed", index.bytesFlushed());
            node.put("merges", index.merges());
            node.put("bytesMerged", index.bytesMerged());
            putOrNull(node, "writeAmplification", index.writeAmplification());
            putOrNull(node, "searches", index.searches());
            node.put("componentsOpened", index.componentsOpened());
            putOrNull(node, "componentsPerSearch", index.componentsPerSearch());
            putOrNull(node, "pagesRead", index.pagesRead());
            node.put("components", index.components());
            node.put("bytes", index.bytes());
            ArrayNode levels = node.putArray("levels");
            for (Level level : index.levels()) {
                ObjectNode entry = levels.addObject();
                putOrNull(entry, "level", level.level());
                entry.put("components", level.components());
                entry.put("bytes", level.bytes());
            }
        }
        return json.toPrettyString() + System.lineSeparator();
    }

    private static void putOrNull(ObjectNode node, String field, OptionalDouble value) {
        if (value.isPresent()) {
            node.put(field, value.getAsDouble());
        } else {
            node.putNull(field);
        }
    }

    private static void putOrNull(ObjectNode node, String field, OptionalLong value) {
        if (value.isPresent()) {
            node.put(field, value.getAsLong());
        } else {
            node.putNull(field);
        }
    }

    private static String grouped(long value) {
        return String.format(Locale.ROOT, "%,d", value);
    }

    private static String count(OptionalLong value) {
        return value.isPresent() ? grouped(value.getAsLong()) : "-";
    }

    private static String megabytes(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / 1e6);
    }

    private static String decimal(OptionalDouble value, String format) {
        return value.isPresent() ? String.format(Locale.ROOT, format, value.getAsDouble()) : "-";
    }
}
