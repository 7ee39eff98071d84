package org.spatiallsm.it.crash;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.ComponentMbr;
import org.spatiallsm.client.lsm.DiskComponent;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.introspection.EntriesListing;
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
    /** Far beyond the workload's coordinates (a globe), and printed without an exponent in the query. */
    private static final double WHOLE_PLANE = 1.0e6;
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

    private final DistributionCluster cluster;
    private final QueryServiceClient client;
    private final LsmIntrospectionClient lsm;
    private final Random random;

    CrashChecks(DistributionCluster cluster, QueryServiceClient client, LsmIntrospectionClient lsm, Random random) {
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
        violations.addAll(writes.violations(ids("true")));
        violations.addAll(wholeRTreeAgreesWithPrimary());
        violations.addAll(windowsAgreeWithScan());
        lsm.components(CrashWorkload.DATAVERSE, CrashWorkload.DATASET).stream()
                .map(CrashChecks::leveledInvariantViolation).flatMap(Optional::stream).forEach(violations::add);
        levelKeysViolations(lsm.entries(CrashWorkload.DATAVERSE, CrashWorkload.DATASET)).forEach(violations::add);
        violations.addAll(orphanFiles());
        return violations;
    }

    /**
     * One window over the whole plane, forced through the R-tree: the records it finds (id and coordinates) equal
     * those of a scan of the primary, as multisets. So every record of every R-tree component is read, not a sample.
     */
    private List<String> wholeRTreeAgreesWithPrimary() {
        String window = intersects(-WHOLE_PLANE, -WHOLE_PLANE, WHOLE_PLANE, WHOLE_PLANE);
        List<String> violations = new ArrayList<>(notThroughRTree("whole-plane", window));
        List<String> throughRTree = records(window);
        List<String> throughPrimary = records("true");
        if (!throughRTree.equals(throughPrimary)) {
            violations.add("whole plane: the R-tree finds " + throughRTree.size() + " records, the primary "
                    + throughPrimary.size() + difference(throughRTree, throughPrimary));
        }
        return violations;
    }

    /** A violation when the plan of a query with this condition does not search the R-tree. */
    private List<String> notThroughRTree(String query, String condition) {
        String plan = client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; EXPLAIN SELECT VALUE p.id FROM "
                + CrashWorkload.DATASET + " p WHERE " + condition + ";").plan();
        return plan.contains("RTREE_SEARCH") ? List.of()
                : List.of("the " + query + " query does not use the R-tree: " + plan.lines().limit(3).toList());
    }

    /** Random windows: the ids the R-tree finds equal those of a scan of the primary, duplicates included. */
    private List<String> windowsAgreeWithScan() {
        List<String> violations = new ArrayList<>(notThroughRTree("window", intersects(-10, -10, 10, 10)));
        for (int i = 0; i < WINDOWS; i++) {
            // Grid points lie on multiples of 0.1; the window's edges at x.x5 never touch one.
            double x1 = -180 + random.nextInt(3000) / 10.0 + 0.05;
            double y1 = -85 + random.nextInt(1400) / 10.0 + 0.05;
            double x2 = x1 + 5 + random.nextInt(600) / 10.0;
            double y2 = y1 + 5 + random.nextInt(300) / 10.0;
            List<Long> throughRTree = ids(intersects(x1, y1, x2, y2));
            List<Long> throughScan = ids(String.format(Locale.ROOT, "get_x(p.location) > %s AND get_x(p.location) < %s"
                    + " AND get_y(p.location) > %s AND get_y(p.location) < %s", x1, x2, y1, y2));
            if (!throughRTree.equals(throughScan)) {
                violations.add(String.format(Locale.ROOT,
                        "window (%s,%s)-(%s,%s): the R-tree finds %d ids, a scan %d%s", x1, y1, x2, y2,
                        throughRTree.size(), throughScan.size(), difference(throughRTree, throughScan)));
            }
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
            List<JsonNode> listings = lsm.listings(CrashWorkload.DATAVERSE, CrashWorkload.DATASET);
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

    private static boolean anyMerging(List<JsonNode> listings) {
        return listings.stream().flatMap(listing -> stream(listing.path("indexes")))
                .flatMap(index -> stream(index.path("components")))
                .anyMatch(component -> component.path("merging").asBoolean());
    }

    /** The files each listed index partition's components own, by {@link #key}. */
    private static Map<String, Set<String>> ownedFiles(List<JsonNode> listings) {
        Map<String, Set<String>> owners = new HashMap<>();
        for (JsonNode listing : listings) {
            for (JsonNode index : listing.path("indexes")) {
                Set<String> files = owners.computeIfAbsent(
                        key(index.path("index").asText(), index.path("partition").asInt()), k -> new HashSet<>());
                stream(index.path("components")).flatMap(component -> stream(component.path("files")))
                        .forEach(file -> files.add(file.asText()));
            }
        }
        return owners;
    }

    private static Stream<JsonNode> stream(JsonNode array) {
        return StreamSupport.stream(array.spliterator(), false);
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
     * empty when it holds, and for an index that has no levels (any index but a leveled R-tree).
     */
    public static Optional<String> leveledInvariantViolation(IndexComponents partition) {
        if (partition.levels().stream().anyMatch(OptionalInt::isEmpty)) {
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
     * {@link LevelKeys} over every leveled R-tree partition of the entries listings: each partition's first key (an
     * entry's MBR and primary key) found twice in one level >= 1, as one line; empty when none is.
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

    private List<Long> ids(String condition) {
        return client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; SELECT VALUE p.id FROM "
                + CrashWorkload.DATASET + " p WHERE " + condition + " ORDER BY p.id;").results().stream()
                .map(JsonNode::asLong).toList();
    }

    /** {@code [id, x, y]} of each record that meets the condition, sorted as text: equal multisets, equal lists. */
    private List<String> records(String condition) {
        return client.executeOrThrow("USE " + CrashWorkload.DATAVERSE + "; SELECT VALUE [p.id, get_x(p.location), "
                + "get_y(p.location)] FROM " + CrashWorkload.DATASET + " p WHERE " + condition + ";")
                .results().stream().map(JsonNode::toString).sorted().toList();
    }

    private static String intersects(double x1, double y1, double x2, double y2) {
        return String.format(Locale.ROOT, "spatial_intersect(p.location, create_rectangle(create_point(%s, %s), "
                + "create_point(%s, %s)))", x1, y1, x2, y2);
    }

    private static <T> String difference(List<T> rtree, List<T> scan) {
        List<T> onlyRTree = new ArrayList<>(rtree);
        scan.forEach(onlyRTree::remove);
        List<T> onlyScan = new ArrayList<>(scan);
        rtree.forEach(onlyScan::remove);
        return " (only through the R-tree: " + onlyRTree.stream().limit(10).toList() + ", only in the scan: "
                + onlyScan.stream().limit(10).toList() + ")";
    }
}
