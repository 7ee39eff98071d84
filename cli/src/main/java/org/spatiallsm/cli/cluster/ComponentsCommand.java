package org.spatiallsm.cli.cluster;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.client.lsm.ComponentMbr;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.GridCounters;
import org.spatiallsm.client.lsm.KnnCounts;
import org.spatiallsm.client.lsm.SkipScanCounters;
import org.spatiallsm.client.lsm.ReadCounts;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.introspection.IntrospectionJson;
import org.spatiallsm.introspection.NodeIndexListing;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code spatial-lsm components}: the disk components of every index partition of a dataset, from every NC. */
@Command(name = "components", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Lists the disk components of every index partition of a dataset, newest first: the "
                + "flushes each holds, its size, its entry count (indexes with a Bloom filter), whether a merge "
                + "holds it, its level (leveled indexes) and its MBR (R-trees); then, per R-tree, its searches, "
                + "the disk components they opened and skipped by MBR and the pages they read from disk, its kNN "
                + "searches (disk components opened and skipped, entries visited), the "
                + "skip-scan counters of DHB and DHVB indexes (candidates read, results, false positives, re-seeks), "
                + "and the grid counters of SHB-tree and SIF indexes (candidates, results, false positives, and the "
                + "B-tree range searches or SIF tokens they ran). Counters start at 0 when a node opens the index. "
                + "Asks every node controller the cluster controller lists.",
            "Indexes no query has used since a restart are listed too. See docs/introspection.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:listed", "1:a node refused the request",
            "2:bad command line or no such dataset", CommandFailures.NO_USABLE_CLUSTER })
public final class ComponentsCommand implements Callable<Integer> {

    /** Spelled as typed on the command line. */
    enum Format {
        table,
        json
    }

    @Spec
    CommandSpec spec;

    @Option(names = "--dataverse", required = true, paramLabel = "NAME", description = "the dataset's dataverse")
    String dataverse;

    @Option(names = "--dataset", required = true, paramLabel = "NAME", description = "the dataset")
    String dataset;

    @Mixin
    EndpointOption endpoint;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "${COMPLETION-CANDIDATES}: one row per component (default), or one JSON document")
    Format format;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            LsmIntrospectionClient lsm = new LsmIntrospectionClient(endpoint.client(),
                    Duration.ofMinutes(1));
            int datasetId = lsm.datasetId(dataverse, dataset);
            List<ComponentsListing> listings = lsm.typedListings(dataverse, dataset);
            PrintWriter out = spec.commandLine().getOut();
            out.print(format == Format.json
                    ? IntrospectionJson.pretty(document(dataverse, dataset, datasetId, listings))
                    : table(dataverse, dataset, datasetId, IndexComponents.fromListings(listings)));
            out.flush();
            return CommandFailures.OK;
        });
    }

    /**
     * "Tour.CheckIns (dataset id 114)". A REBALANCE gives the dataset's new copy its id with the top bit flipped
     * (AsterixDB 0.9.8's alternating ids), so after one the id is a large negative number; the heading says so and
     * names the id it alternates with.
     */
    static String heading(String dataverse, String dataset, int datasetId) {
        String id = datasetId >= 0 ? "dataset id " + datasetId
                : "dataset id " + datasetId + ": " + (datasetId ^ Integer.MIN_VALUE) + " with its top bit flipped, as "
                        + "AsterixDB numbers a rebalanced dataset";
        return dataverse + "." + dataset + " (" + id + ")\n";
    }

    static String table(String dataverse, String dataset, int datasetId, List<IndexComponents> indexes) {
        StringBuilder text = new StringBuilder(heading(dataverse, dataset, datasetId));
        if (indexes.isEmpty()) {
            return text.append("no node stores an index partition of it\n").toString();
        }
        int indexWidth = Math.max("index".length(),
                indexes.stream().mapToInt(i -> i.where().index().length()).max().orElse(0));
        int nodeWidth = Math.max("node".length(), indexes.stream().mapToInt(i -> i.node().length()).max().orElse(0));
        String row = "%-" + nodeWidth + "s  %-" + indexWidth + "s  %9s  %7s  %-13s  %13s  %11s  %-7s  %5s  %s%n";
        text.append(String.format(Locale.ROOT, row, "node", "index", "partition", "flushes", "holds flushes",
                "bytes", "entries", "merging", "level", "mbr"));
        for (IndexComponents index : indexes) {
            if (index.components().isEmpty()) {
                text.append(String.format(Locale.ROOT, row, index.node(), index.where().index(),
                        index.where().partition(), index.flushCount(), "(no component)", "", "", "", "", ""));
            }
            for (int i = 0; i < index.components().size(); i++) {
                DiskComponent component = index.components().get(i);
                text.append(String.format(Locale.ROOT, row, index.node(), index.where().index(),
                        index.where().partition(), index.flushCount(), index.flushRange(component),
                        String.format(Locale.ROOT, "%,d", component.bytes()),
                        component.tuples().isPresent()
                                ? String.format(Locale.ROOT, "%,d", component.tuples().getAsLong())
                                : "-",
                        component.merging() ? "yes" : "",
                        index.levels().get(i).isPresent() ? Integer.toString(index.levels().get(i).getAsInt()) : "-",
                        index.mbrs().get(i).map(ComponentMbr::toString).orElse("-")));
            }
        }
        List<IndexReads> reads = readsPerIndex(indexes);
        if (!reads.isEmpty()) {
            int width = Math.max("index".length(), reads.stream().mapToInt(r -> r.index().length()).max().orElse(0));
            String readRow = "%-" + width + "s  %10s  %17s  %18s  %13s  %10s  %12s%n";
            text.append(String.format(Locale.ROOT, "%nsearches since each node opened the index, all partitions "
                    + "(disk components; memory components are always searched; pages read from disk, not from "
                    + "the buffer cache):%n"));
            text.append(String.format(Locale.ROOT, readRow, "index", "searches", "components opened",
                    "components skipped", "opened/search", "pages read", "pages/search"));
            reads.forEach(index -> text.append(String.format(Locale.ROOT, readRow, index.index(),
                    String.format(Locale.ROOT, "%,d", index.searches()),
                    String.format(Locale.ROOT, "%,d", index.componentsOpened()),
                    String.format(Locale.ROOT, "%,d", index.componentsSkipped()),
                    String.format(Locale.ROOT, "%.2f", index.counts().openedPerSearch()),
                    index.pagesRead() == null ? "-" : String.format(Locale.ROOT, "%,d", index.pagesRead()),
                    index.pagesRead() == null ? "-" : String.format(Locale.ROOT, "%.2f", index.pagesPerSearch()))));
        }
        appendKnnSearches(text, indexes);
        appendSkipScans(text, indexes, nodeWidth, indexWidth);
        appendGridSearches(text, indexes, nodeWidth, indexWidth);
        return text.toString();
    }

    /** The kNN counters of every index that ran kNN searches, summed over its partitions. */
    private static void appendKnnSearches(StringBuilder text, List<IndexComponents> indexes) {
        Map<String, KnnCounts> knn = knnPerIndex(indexes);
        knn.values().removeIf(counts -> counts.searches() == 0);
        if (knn.isEmpty()) {
            return;
        }
        int width = Math.max("index".length(), knn.keySet().stream().mapToInt(String::length).max().orElse(0));
        String row = "%-" + width + "s  %12s  %17s  %18s  %15s  %14s%n";
        text.append(String.format(Locale.ROOT, "%nkNN searches since each node opened the index, all partitions (disk "
                + "components; a skipped one was farther than the answer):%n"));
        text.append(String.format(Locale.ROOT, row, "index", "kNN searches", "components opened",
                "components skipped", "entries visited", "entries/search"));
        knn.forEach((name, counts) -> text.append(String.format(Locale.ROOT, row, name,
                String.format(Locale.ROOT, "%,d", counts.searches()),
                String.format(Locale.ROOT, "%,d", counts.componentsOpened()),
                String.format(Locale.ROOT, "%,d", counts.componentsSkipped()),
                String.format(Locale.ROOT, "%,d", counts.entriesVisited()),
                String.format(Locale.ROOT, "%.2f", counts.entriesPerSearch()))));
    }

    /** The kNN counts of every index that answers kNN searches, summed over its partitions, in listing order. */
    static Map<String, KnnCounts> knnPerIndex(List<IndexComponents> indexes) {
        Map<String, KnnCounts> knn = new LinkedHashMap<>();
        for (IndexComponents index : indexes) {
            index.knn().ifPresent(counts -> knn.merge(index.where().index(), counts, KnnCounts::plus));
        }
        return knn;
    }

    /** The search counters of the DHB and DHVB indexes, if the dataset has any. */
    private static void appendSkipScans(StringBuilder text, List<IndexComponents> indexes, int nodeWidth,
            int indexWidth) {
        List<List<String>> rows = indexes.stream().filter(index -> index.skipScan().isPresent()).map(index -> {
            SkipScanCounters counters = index.skipScan().orElseThrow();
            return row(index, counters.organisation(), counters.searches(), counters.candidates(), counters.results(),
                    counters.falsePositiveRatio(), String.valueOf(counters.reseeks()));
        }).toList();
        appendCounters(text, "skip-scan searches since the node opened the index", rows, nodeWidth, indexWidth,
                List.of("candidates", "results", "false positives", "re-seeks"));
    }

    /** The search counters of the SHB-tree and SIF indexes, if the dataset has any. */
    private static void appendGridSearches(StringBuilder text, List<IndexComponents> indexes, int nodeWidth,
            int indexWidth) {
        List<List<String>> rows = indexes.stream().filter(index -> index.grid().isPresent()).map(index -> {
            GridCounters counters = index.grid().orElseThrow();
            return row(index, counters.organisation(), counters.searches(), counters.candidates(), counters.results(),
                    counters.falsePositiveRatio(), String.format(Locale.ROOT, "%,d", counters.ranges()));
        }).toList();
        appendCounters(text, "grid searches since the node opened the index", rows, nodeWidth, indexWidth,
                List.of("candidates", "results", "false positives", "ranges/tokens"));
    }

    private static List<String> row(IndexComponents index, String organisation, long searches, long candidates,
            long results, double falsePositiveRatio, String last) {
        return List.of(index.node(), index.where().index(), String.valueOf(index.where().partition()), organisation,
                String.valueOf(searches), String.format(Locale.ROOT, "%,d", candidates),
                String.format(Locale.ROOT, "%,d", results),
                String.format(Locale.ROOT, "%.1f %%", 100 * falsePositiveRatio), last,
                countOrDash(index.pagesRead()));
    }

    /** {@code 1,234}, or {@code -} for a count the index does not keep. */
    private static String countOrDash(OptionalLong count) {
        return count.isPresent() ? String.format(Locale.ROOT, "%,d", count.getAsLong()) : "-";
    }

    /**
     * A titled table of counter rows: node, index, partition, organisation, searches, then {@code counted}, then the
     * pages the searches read from disk.
     */
    private static void appendCounters(StringBuilder text, String title, List<List<String>> rows, int nodeWidth,
            int indexWidth, List<String> counted) {
        if (rows.isEmpty()) {
            return;
        }
        String row = "%-" + nodeWidth + "s  %-" + indexWidth + "s  %9s  %-12s  %9s  %13s  %13s  %15s  %13s  %10s%n";
        text.append(String.format(Locale.ROOT, "%n%s%n", title));
        text.append(String.format(Locale.ROOT, row, "node", "index", "partition", "organisation", "searches",
                counted.get(0), counted.get(1), counted.get(2), counted.get(3), "pages read"));
        rows.forEach(values -> text.append(String.format(Locale.ROOT, row, values.toArray())));
    }

    /**
     * The read amplification of one index, all partitions: its searches, the disk components they opened and skipped,
     * and the pages they read from disk (null if a partition does not count them).
     */
    record IndexReads(String index, long searches, long componentsOpened, long componentsSkipped, Long pagesRead) {

        IndexReads(String index, ReadCounts counts, OptionalLong pagesRead) {
            this(index, counts.searches(), counts.componentsOpened(), counts.componentsSkipped(),
                    pagesRead.isPresent() ? pagesRead.getAsLong() : null);
        }

        ReadCounts counts() {
            return new ReadCounts(searches, componentsOpened, componentsSkipped);
        }

        IndexReads plus(IndexReads other) {
            ReadCounts sum = counts().plus(other.counts());
            return new IndexReads(index, sum.searches(), sum.componentsOpened(), sum.componentsSkipped(),
                    pagesRead != null && other.pagesRead != null ? pagesRead + other.pagesRead : null);
        }

        /** Pages read per search on average; 0 without searches. */
        double pagesPerSearch() {
            return searches == 0 || pagesRead == null ? 0 : (double) pagesRead / searches;
        }
    }

    /** The read counts of every index that prunes, summed over its partitions, in listing order. */
    static List<IndexReads> readsPerIndex(List<IndexComponents> indexes) {
        Map<String, IndexReads> reads = new LinkedHashMap<>();
        for (IndexComponents index : indexes) {
            index.reads().ifPresent(counts -> reads.merge(index.where().index(),
                    new IndexReads(index.where().index(), counts, index.pagesRead()), IndexReads::plus));
        }
        return List.copyOf(reads.values());
    }

    /**
     * What {@code --format json} prints: every node's index partitions with every field of the endpoint (docs/
     * introspection.md), and the read amplification of each index that prunes, summed over its partitions.
     */
    record ComponentsDocument(String dataverse, String dataset, int datasetId, List<NodeIndexListing> indexes,
            List<IndexReads> readAmplification, List<IndexKnn> knn) {
    }

    /** An index's kNN counters summed over its partitions, named as the NC endpoint names them. */
    record IndexKnn(String index, long knnSearches, long knnComponentsOpened, long knnComponentsSkipped,
            long knnEntriesVisited) {

        IndexKnn(String index, KnnCounts counts) {
            this(index, counts.searches(), counts.componentsOpened(), counts.componentsSkipped(),
                    counts.entriesVisited());
        }
    }

    static ComponentsDocument document(String dataverse, String dataset, int datasetId,
            List<ComponentsListing> listings) {
        List<NodeIndexListing> indexes = new ArrayList<>();
        for (ComponentsListing listing : listings) {
            for (IndexListing index : listing.indexes()) {
                indexes.add(new NodeIndexListing(listing.node(), index));
            }
        }
        List<IndexComponents> partitions = IndexComponents.fromListings(listings);
        List<IndexKnn> knn = new ArrayList<>();
        knnPerIndex(partitions).forEach((name, counts) -> knn.add(new IndexKnn(name, counts)));
        return new ComponentsDocument(dataverse, dataset, datasetId, indexes, readsPerIndex(partitions), knn);
    }
}
