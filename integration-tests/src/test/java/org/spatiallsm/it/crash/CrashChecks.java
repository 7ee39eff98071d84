package org.spatiallsm.it.crash;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import java.util.stream.Stream;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.ComponentMbr;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.EntriesListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.partitioning.leveled.LevelKeys;
import org.spatiallsm.partitioning.leveled.LeveledInvariants;
import org.spatiallsm.partitioning.pruning.Box;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The data checks after a restart. Each returns what it found wrong, as one-line messages; none throws for a
 * violation, so that the random command can count them. The leveled invariants' check is public: other integration
 * tests run it on their own leveled R-trees.
 */
public final class CrashChecks {

    static final String OVERLAP_ERROR = "FOUND_OVERLAPPING_LSM_FILES";
    private static final int WINDOWS = 4;
    /**
     * How long the restart's merges may run before the orphan check gives up: a bound only for a hung merge (the
     * workload's merges take seconds, even on a loaded 2-core machine).
     */
    private static final Duration MERGES_DEADLINE = Duration.ofMinutes(10);
    /**
     * How long after the last merge ended a merged component's input files may wait for their last reader before
     * they count as orphans: generous, since readers are the checks' own queries, which end in seconds.
     */
    private static final Duration INPUTS_DELETED_DEADLINE = Duration.ofMinutes(2);

    private final NodeFiles cluster;
    private final QueryServiceClient client;
    private final LsmIntrospectionClient lsm;
    private final Random random;
    private final List<String> indexes;
    private final Shape shape;

    /** The checks of a dataset of points. */
    CrashChecks(NodeFiles cluster, QueryServiceClient client, LsmIntrospectionClient lsm, Random random,
            List<String> indexes) {
        this(cluster, client, lsm, random, indexes, Shape.POINT);
    }

    /**
     * {@code indexes}: the names of the dataset's secondary indexes on {@code location}, each checked; {@code shape}:
     * what {@code location} holds.
     */
    CrashChecks(NodeFiles cluster, QueryServiceClient client, LsmIntrospectionClient lsm, Random random,
            List<String> indexes, Shape shape) {
        this.indexes = indexes;
        this.shape = shape;
        this.cluster = cluster;
        this.client = client;
        this.lsm = lsm;
        this.random = random;
    }

    /** Every check; empty when all hold. */
    List<String> all(AcknowledgedWrites writes) throws IOException, InterruptedException {
        List<String> violations = new ArrayList<>();
        String state = client.clusterState();
        if (!"ACTIVE".equals(state)) {
            violations.add("the cluster is " + state + ", not ACTIVE");
        }
        cluster.nodeLogLines(OVERLAP_ERROR).forEach(line -> violations.add("NC log: " + line.strip()));
        // One scan of the primary serves the checks of the records and every index's whole-plane comparison.
        IndexQueries queries = new IndexQueries(client, random, shape);
        List<JsonNode> primary = queries.rows("true");
        violations.addAll(writes.violations(primary.stream().map(record -> record.get(0).asLong()).toList()));
        violations.addAll(upsertsNotReverted(writes, primary));
        violations.addAll(
                indexesAgreeWithPrimary(queries, primary.stream().map(JsonNode::toString).sorted().toList()));
        lsm.components(CrashWorkload.DATAVERSE, CrashWorkload.DATASET).stream()
                .map(CrashChecks::leveledInvariantViolation).flatMap(Optional::stream).forEach(violations::add);
        List<EntriesListing> entries = lsm.entries(CrashWorkload.DATAVERSE, CrashWorkload.DATASET);
        levelKeysViolations(entries).forEach(violations::add);
        violations.addAll(KeyRanges.violations(entries));
        violations.addAll(orphanFiles());
        return violations;
    }

    /**
     * For each index: its plan, the whole plane and {@value #WINDOWS} random windows, against the primary
     * ({@code primary}: its {@link IndexQueries#records}).
     */
    private List<String> indexesAgreeWithPrimary(IndexQueries queries, List<String> primary) {
        List<String> violations = new ArrayList<>();
        for (String index : indexes) {
            violations.addAll(queries.notThroughIndex(index));
            violations.addAll(queries.wholePlane(index, primary));
            violations.addAll(queries.windows(index, WINDOWS));
        }
        return violations;
    }

    /**
     * Every record of {@code primary} (a scan's {@link IndexQueries#rows}) is where the workload put it
     * ({@link Shape#location}): an acknowledged upsert's record at its moved location, a record no upsert was
     * attempted on at its inserted one.
     */
    private List<String> upsertsNotReverted(AcknowledgedWrites writes, List<JsonNode> primary) {
        Set<Long> atInserted = new HashSet<>();
        Set<Long> atMoved = new HashSet<>();
        List<Long> elsewhere = new ArrayList<>();
        for (JsonNode record : primary) {
            long id = record.get(0).asLong();
            double[] found = IntStream.range(1, record.size()).mapToDouble(i -> record.get(i).asDouble()).toArray();
            boolean inserted = Arrays.equals(found, shape.location(id, false));
            boolean moved = Arrays.equals(found, shape.location(id, true));
            if (inserted) {
                atInserted.add(id);
            }
            if (moved) {
                atMoved.add(id);
            }
            if (!inserted && !moved) {
                elsewhere.add(id);
            }
        }
        List<String> violations = new ArrayList<>(writes.upsertViolations(atInserted, atMoved));
        if (!elsewhere.isEmpty()) {
            violations.add(elsewhere.size() + " records at a location the workload never wrote: "
                    + elsewhere.stream().sorted().limit(10).toList());
        }
        return violations;
    }

    /**
     * Files in the dataset's index directories that no listed component owns. Merges that the restart's recovery
     * starts, and input files that wait for their last reader, settle first: the check polls until it holds, and
     * fails when merges still run after {@link #MERGES_DEADLINE}, or when files stay orphaned
     * {@link #INPUTS_DELETED_DEADLINE} after the last merge was seen running.
     */
    private List<String> orphanFiles() throws IOException, InterruptedException {
        long start = System.nanoTime();
        long lastMerging = start;
        while (true) {
            // One answer per node, so that merging and ownership come from the same component lists.
            List<ComponentsListing> listings = lsm.typedListings(CrashWorkload.DATAVERSE, CrashWorkload.DATASET);
            long now = System.nanoTime();
            List<String> violations;
            if (anyMerging(listings)) {
                lastMerging = now;
                violations = List.of("merges still running " + MERGES_DEADLINE + " after the restart");
            } else {
                violations = orphanFiles(ownedFiles(listings));
            }
            if (violations.isEmpty() || now - start > MERGES_DEADLINE.toNanos()
                    || now - lastMerging > INPUTS_DELETED_DEADLINE.toNanos()) {
                return violations;
            }
            Thread.sleep(200);
        }
    }

    private static boolean anyMerging(List<ComponentsListing> listings) {
        return listings.stream().flatMap(listing -> listing.indexes().stream())
                .flatMap(index -> index.components().stream()).anyMatch(ComponentListing::merging);
    }

    /** The files each listed index partition's components own, by {@link #key}. */
    private static Map<String, Set<String>> ownedFiles(List<ComponentsListing> listings) {
        Map<String, Set<String>> owners = new HashMap<>();
        for (ComponentsListing listing : listings) {
            for (IndexListing index : listing.indexes()) {
                Set<String> files = owners.computeIfAbsent(key(index.index(), index.partition()),
                        k -> new HashSet<>());
                index.components().forEach(component -> files.addAll(component.files()));
            }
        }
        return owners;
    }

    private List<String> orphanFiles(Map<String, Set<String>> owners) throws IOException {
        List<String> violations = new ArrayList<>();
        int directories = 0;
        for (Path storage : cluster.storageRoots()) {
            for (Path indexDirectory : indexDirectories(storage)) {
                directories++;
                int partition = Integer.parseInt(storage.relativize(indexDirectory).getName(0).toString()
                        .substring("partition_".length()));
                String key = key(indexDirectory.getFileName().toString(), partition);
                List<String> files;
                try (Stream<Path> list = Files.list(indexDirectory)) {
                    files = list.map(f -> f.getFileName().toString()).toList();
                }
                List<String> orphans = OrphanFiles.of(files, owners.getOrDefault(key, Set.of()));
                if (!orphans.isEmpty()) {
                    violations.add("files no component of " + key + " owns: " + orphans + " (components' files "
                            + new TreeSet<>(owners.getOrDefault(key, Set.of())) + ")");
                }
            }
        }
        if (directories != owners.size()) {
            violations.add(directories + " index partition directories on disk, " + owners.size() + " listed");
        }
        return violations;
    }

    /** {@code partition_<n>/Crash/Points/<rebalance count>/<index>} under a storage root. */
    private static List<Path> indexDirectories(Path storage) throws IOException {
        try (Stream<Path> paths = Files.walk(storage, 5)) {
            return paths.filter(Files::isDirectory).filter(p -> {
                Path relative = storage.relativize(p);
                return relative.getNameCount() == 5 && relative.getName(1).toString().equals(CrashWorkload.DATAVERSE)
                        && relative.getName(2).toString().equals(CrashWorkload.DATASET);
            }).toList();
        }
    }

    /**
     * {@link LeveledInvariants} over one index partition of the components listing: its first violation as one line;
     * empty when it holds, and for an index that has no levels or no MBRs (any index but a leveled R-tree: a leveled
     * B-tree, such as a leveled primary index, is checked by its records and the indexes that must agree with it).
     */
    public static Optional<String> leveledInvariantViolation(IndexComponents partition) {
        if (partition.levels().stream().anyMatch(OptionalInt::isEmpty)
                || partition.mbrs().stream().anyMatch(Optional::isEmpty)) {
            return Optional.empty();
        }
        List<LeveledInvariants.Listed> listed = new ArrayList<>();
        for (int i = 0; i < partition.components().size(); i++) {
            DiskComponent component = partition.components().get(i);
            ComponentMbr mbr = partition.mbrs().get(i).orElseThrow();
            Box box = mbr.isEmpty() ? Box.empty(2) : Box.of(unbox(mbr.min()), unbox(mbr.max()));
            listed.add(new LeveledInvariants.Listed("component " + i, partition.levels().get(i).orElseThrow(),
                    component.firstSequence(), component.lastSequence(), box));
        }
        return LeveledInvariants.violation(partition.where().toString(), listed);
    }

    /**
     * {@link LevelKeys} over every leveled partition of the entries listings: each partition's first key (an R-tree
     * entry's MBR and primary key, a B-tree entry's key) found twice in one level >= 1, as one line; empty when none
     * is.
     */
    public static List<String> levelKeysViolations(List<EntriesListing> listings) {
        List<String> violations = new ArrayList<>();
        for (EntriesListing listing : listings) {
            for (EntriesListing.Index partition : listing.indexes()) {
                List<LevelKeys.Component> components = partition.components().stream()
                        .map(component -> new LevelKeys.Component(String.join(",", component.files()),
                                component.level(), component.entries().stream().map(entry -> new LevelKeys.Entry(
                                        entry.primaryKey() + " at " + entry.mbr(), entry.antiMatter())).toList()))
                        .toList();
                LevelKeys.violation(listing.dataverse() + "." + listing.dataset() + "." + partition.index() + "["
                        + partition.partition() + "]", components).ifPresent(violations::add);
            }
        }
        return violations;
    }

    private static double[] unbox(List<Double> values) {
        return values.stream().mapToDouble(Double::doubleValue).toArray();
    }

    private static String key(String index, int partition) {
        return index + "[" + partition + "]";
    }
}
