package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndex;
import org.apache.hyracks.util.trace.ITracer;
import org.apache.hyracks.util.trace.TraceCategoryRegistry;
import org.apache.hyracks.util.trace.TraceUtils;
import org.apache.hyracks.util.trace.Tracer;
import org.apache.logging.log4j.Level;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.spatiallsm.asterixdb.rtree.leveled.ComponentIds;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Component;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Edit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.FlushEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MergeEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.MoveEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Name;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.SnapshotEdit;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Version;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledRTree;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.ReadCounts;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.EntriesListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.it.crash.CrashChecks;
import org.spatiallsm.partitioning.leveled.LeveledComponent;
import org.spatiallsm.partitioning.leveled.LeveledMerge;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.partitioning.leveled.LeveledView;
import org.spatiallsm.partitioning.partitioner.Partitioners;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The leveled R-tree on the in-process cluster (2 NCs, one partition each): random inserts, upserts and
 * deletes, a flush after each round; after every flush the engine's manifest must record exactly the merges and moves
 * the policy core decides, every level must be within its capacity, and R-tree results must equal a scan of the
 * primary index and the model; a restart keeps levels, MBRs, entry counts and results, and reads them from the
 * manifest without scanning a component.
 */
@ExtendWith(SpatialClusterExtension.class)
class LeveledRTreeTest {

    private static final String DATASET = "Points";
    private static final String INDEX = "loc";
    private static final int ROUNDS = 8;
    /** Enough for merges in both partitions: with B0 = 2 and B = 2 the first one comes with the fourth flush. */
    private static final int ROUNDS_TO_MERGE = 5;
    private static final int OPERATIONS_PER_ROUND = 240;
    /** Small caps and ratios, so that a few hundred records make merges of several outputs and three levels. */
    private static final Map<String, String> PARAMETERS = Map.of("level0-components", "2", "size-ratio", "2",
            "max-component-entries", "40");
    /** The leveled R-tree of the LOAD, COMPACT and journal tests. */
    private static final Map<String, String> LEVELED_STR = Map.of("level0-components", "2", "size-ratio", "2",
            "max-component-entries", "40", "partitioning", "str");

    /**
     * Every partitioner, each with another R-tree order (the partitioners must see the R-tree's exact order); STR
     * and R*-Grove also with memory budgets of 64 and 16 entries, below most merges, so that the engine takes their
     * two-pass sample-and-route path. With 16, merges of more than 128 entries spill more runs than one merge may
     * open (8), so the runs are merged in rounds. Size partitioning in simple order, the Z-order and the two-pass STRs
     * are in {@link #moreOrdersAndBudgetsFollowTheCore}, for the default suite's time.
     */
    @ParameterizedTest(name = "{0} in {1} order, memory budget {2}")
    @CsvSource({ "str, hilbert, 1000000", "rstar-grove-area, hilbert, 64" })
    void levelsFollowTheCoreAndResultsEqualAScanAcrossMergesAndARestart(String partitioning, String comparator,
            int memoryBudget, SpatialTestCluster cluster) throws Exception {
        String dataverse = "Leveled" + partitioning.replace("-", "") + memoryBudget;
        Map<String, String> parameters = new HashMap<>(PARAMETERS);
        parameters.put("partitioning", partitioning);
        parameters.put("memory-budget", String.valueOf(memoryBudget));
        LeveledPolicy policy = LeveledPolicy.create(parameters);
        // In memory, outputs hold at most the cap; in two passes, the regions come from a sample, so outputs are
        // only about the cap (a 48-entry sample of a merge of a few hundred entries cuts coarse regions; a 12-entry
        // sample bounds nothing but the merge).
        long maxOutputEntries = memoryBudget == Partitioners.DEFAULT_MEMORY_BUDGET ? 40
                : memoryBudget == 64 ? 4 * 40 : Long.MAX_VALUE;
        QueryServiceClient client = cluster.client();
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; CREATE TYPE Located AS { id: int64, location: point };"
                + " CREATE DATASET Points(Located) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"no-merge\"}};");
        FlushDriver driver = new FlushDriver(client, dataverse, DATASET);
        Random random = new Random(partitioning.hashCode());
        Map<Long, double[]> model = new TreeMap<>();
        // The index is created on existing data: its first component is bulk-loaded, not flushed.
        long nextId = randomRound(client, dataverse, random, model, 0);
        client.executeOrThrow("USE " + dataverse + "; CREATE INDEX loc ON Points(location) TYPE RTREE WITH"
                + " {\"merge-policy\": {\"name\": \"leveled\", \"parameters\": {\"level0-components\": 2,"
                + " \"size-ratio\": 2, \"max-component-entries\": 40, \"partitioning\": \"" + partitioning + "\","
                + " \"memory-budget\": " + memoryBudget + "}},"
                + " \"comparator\": \"" + comparator + "\"};");
        MergeCounts merges = new MergeCounts();
        for (int round = 0; round < ROUNDS; round++) {
            nextId = randomRound(client, dataverse, random, model, nextId);
            driver.flush();
            driver.awaitQuiescence(Duration.ofSeconds(60));
            for (Path dir : indexDirectories(cluster, dataverse)) {
                merges.add(assertManifestFollowsTheCore(dir, policy, maxOutputEntries));
            }
            assertQueriesMatch(client, dataverse, model, random);
        }
        assertThat(merges.severalOutputs).as("merges that wrote more than one component").isPositive();
        if (memoryBudget < Partitioners.DEFAULT_MEMORY_BUDGET) {
            // Inputs far larger than the budget: the reconciled stream the partitioner sees exceeds it too.
            assertThat(merges.largestInput).as("entries read by the largest merge").isGreaterThan(2L * memoryBudget);
        }
        if (memoryBudget == 16) {
            // More than 8 spilled runs of 16 entries: their merge needs rounds (a single merge used to fail).
            assertThat(merges.largestInput).as("entries read by the largest merge").isGreaterThan(8L * 16);
        }
        Map<Path, Map<String, Integer>> levelsBefore = new HashMap<>();
        for (Path dir : indexDirectories(cluster, dataverse)) {
            levelsBefore.put(dir, levels(dir));
        }
        assertThat(levelsBefore.values()).allSatisfy(levels -> assertThat(Set.copyOf(levels.values()))
                .as("levels in use").contains(1));
        assertSmallWindowsPrune(cluster, client, dataverse, model, random);
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        Map<String, String> listedBefore = listedLevelsAndMbrs(lsm, dataverse);
        assertThat(listedBefore.values()).as("flushes and merge outputs at level 0 and deeper")
                .anyMatch(c -> c.startsWith("0 ")).anyMatch(c -> !c.startsWith("0 "));

        cluster.restart();
        QueryServiceClient restarted = cluster.client();
        new FlushDriver(restarted, dataverse, DATASET).awaitQuiescence(Duration.ofSeconds(60));
        LsmIntrospectionClient lsmRestarted = new LsmIntrospectionClient(restarted, Duration.ofMinutes(2));
        // Every component, flushes included, comes back from the manifest: none is scanned, and each keeps its level
        // and MBR.
        assertThat(listedLevelsAndMbrs(lsmRestarted, dataverse)).as("levels and MBRs after the restart")
                .isEqualTo(listedBefore);
        assertThat(componentsScannedAtActivation(lsmRestarted, dataverse)).as("components scanned at activation")
                .isZero();
        for (Path dir : indexDirectories(cluster, dataverse)) {
            // Start-up deleted the consumed inputs; exactly the live components are left, at their levels.
            assertThat(levels(dir)).as("levels after the restart in " + dir).isEqualTo(levelsBefore.get(dir));
            assertThat(componentFiles(dir)).isEqualTo(levels(dir).keySet());
            assertManifestFollowsTheCore(dir, policy, maxOutputEntries);
        }
        assertQueriesMatch(restarted, dataverse, model, random);
        assertSmallWindowsPrune(cluster, restarted, dataverse, model, random);
        // And the index keeps working after the restart.
        randomRound(restarted, dataverse, random, model, nextId);
        new FlushDriver(restarted, dataverse, DATASET).flush();
        new FlushDriver(restarted, dataverse, DATASET).awaitQuiescence(Duration.ofSeconds(60));
        assertQueriesMatch(restarted, dataverse, model, random);
        assertNoKeyTwiceInALevel(lsmRestarted, dataverse);
    }

    /**
     * The same with size partitioning in simple order, the Z-order and two-pass STRs (in x order, and with a budget of
     * 16 pages): {@code ./scripts/test --extended}.
     */
    @ParameterizedTest(name = "{0} in {1} order, memory budget {2}")
    @CsvSource({ "size, simple, 1000000", "rstar-grove-area, zorder, 1000000", "str, simple, 64",
            "str, hilbert, 16" })
    @Tag("extended")
    void moreOrdersAndBudgetsFollowTheCore(String partitioning, String comparator, int memoryBudget,
            SpatialTestCluster cluster) throws Exception {
        levelsFollowTheCoreAndResultsEqualAScanAcrossMergesAndARestart(partitioning, comparator, memoryBudget,
                cluster);
    }

    /**
     * A regular file where the merges' temporary directories go ({@code <iodevice>/spatial-lsm-merge-temporary}):
     * nothing can be created below it, whoever the node runs as. Each merge warns, uses the fallback under
     * {@code java.io.tmpdir} and completes; no record is lost.
     */
    @Test
    void mergesWhoseTemporaryDirectoryAFileBlocksUseTheFallback(SpatialTestCluster cluster) throws Exception {
        String dataverse = "TemporaryBlocked";
        QueryServiceClient client = cluster.client();
        createLeveledPoints(client, dataverse, "");
        List<Path> indexes = indexDirectories(cluster, dataverse);
        List<Path> blocking = new ArrayList<>();
        Map<Long, double[]> model = new TreeMap<>();
        Random random = new Random(4);
        try (LogLines log = new LogLines(LeveledRTree.class.getName(), Level.WARN)) {
            for (Path index : indexes) {
                Path temporaryRoot = ioDevice(index).resolve("spatial-lsm-merge-temporary");
                // Earlier merges leave the root and empty parents behind; nothing merges now.
                deleteRecursively(temporaryRoot);
                Files.writeString(temporaryRoot, "a file in the way");
                blocking.add(temporaryRoot);
            }
            randomRoundsWithFlushes(new FlushDriver(client, dataverse, DATASET), client, dataverse, random, model,
                    ROUNDS_TO_MERGE);
            for (Path index : indexes) {
                String partition = ioDevice(index).relativize(index).toString();
                assertThat(log.lines()).as("warnings of " + partition).anyMatch(line -> line.startsWith("WARN ")
                        && line.contains(partition) && line.contains("cannot create the merge's temporary directory"));
            }
        } finally {
            for (Path file : blocking) {
                Files.deleteIfExists(file);
            }
        }
        assertMergedInEveryPartition(cluster, dataverse);
        assertEveryRecordThroughTheRTree(client, dataverse, model, random);
    }

    /**
     * AsterixDB's I/O tracing ({@code trace.categories=IndexIoOperations} in an NC's configuration) wraps each flush
     * and merge an index schedules in a {@code TracedIOOperation}. In 0.9.8 the anti-matter R-tree's constructor
     * passes no tracer ({@code ITracer.NONE}), so the setting never reaches a leveled R-tree; and 0.9.8's own flush
     * callback casts the operation it is handed to {@code FlushOperation}, so a wrapped flush halts the node, for any
     * index. The test therefore hands the leveled R-tree's partitions a tracer that wraps their merges (not their
     * flushes): the traces show the merges ran wrapped, and they still commit and lose nothing.
     */
    @Test
    void mergesWrappedByAsterixDbIoTracingStillCommit(SpatialTestCluster cluster) throws Exception {
        String dataverse = "Traced";
        QueryServiceClient client = cluster.client();
        createLeveledPoints(client, dataverse, "");
        // A search opens the R-tree's partitions, so the nodes hold them.
        ids(client, dataverse, "spatial_intersect(p.location, create_rectangle(create_point(0.5, 0.5),"
                + " create_point(9.5, 9.5)))");
        List<ILSMIndex> rtrees = cluster.nodeContexts().stream()
                .flatMap(node -> node.getDatasetLifecycleManager().getOpenResources().stream())
                .filter(index -> index instanceof LeveledRTree rtree
                        && rtree.getIndexIdentifier().contains("/" + dataverse + "/"))
                .map(ILSMIndex.class::cast).toList();
        assertThat(rtrees).as("open partitions of the leveled R-tree").hasSize(2);
        MergeTracer tracer = new MergeTracer();
        Map<Long, double[]> model = new TreeMap<>();
        Random random = new Random(5);
        try (LogLines traces = new LogLines(tracer.getName(), Level.ALL)) {
            rtrees.forEach(rtree -> setTracer(rtree, tracer));
            randomRoundsWithFlushes(new FlushDriver(client, dataverse, DATASET), client, dataverse, random, model,
                    ROUNDS_TO_MERGE);
            assertThat(traces.lines()).as("traces of the leveled R-tree's merges")
                    .anyMatch(line -> line.contains("\"schedule-merge\"") && line.contains("/" + dataverse + "/"))
                    .anyMatch(line -> line.contains("\"ph\":\"E\"") && line.contains("/" + dataverse + "/"));
        } finally {
            rtrees.forEach(rtree -> setTracer(rtree, ITracer.NONE));
        }
        assertMergedInEveryPartition(cluster, dataverse);
        assertEveryRecordThroughTheRTree(client, dataverse, model, random);
    }

    /**
     * AsterixDB's tracer with the I/O category on, except while an index schedules a flush: 0.9.8's flush callback
     * cannot take a wrapped flush.
     */
    private static final class MergeTracer extends Tracer {
        MergeTracer() {
            super("spatial-lsm-test", new String[] { TraceUtils.INDEX_IO_OPERATIONS }, new TraceCategoryRegistry());
        }

        @Override
        public boolean isEnabled(long category) {
            return super.isEnabled(category) && StackWalker.getInstance().walk(frames -> frames.noneMatch(
                    frame -> frame.getClassName().equals(AbstractLSMIndex.class.getName())
                            && frame.getMethodName().equals("createFlushOperation")));
        }
    }

    /** Sets the tracer AsterixDB wraps the index's I/O operations with when it is enabled (a protected field). */
    private static void setTracer(ILSMIndex index, ITracer tracer) {
        try {
            Field field = AbstractLSMIndex.class.getDeclaredField("tracer");
            field.setAccessible(true);
            // Flushes and merges are scheduled under the operation tracker's lock: taking it publishes the change.
            synchronized (index.getOperationTracker()) {
                field.set(index, tracer);
            }
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("AsterixDB's AbstractLSMIndex has no field 'tracer'", e);
        }
    }

    /** The IO device (mount) an index partition's directory lies on: the parent of its {@code storage} directory. */
    private static Path ioDevice(Path indexDirectory) {
        Path path = indexDirectory;
        while (!path.getFileName().toString().equals("storage")) {
            path = path.getParent();
        }
        return path.getParent();
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (Files.exists(path)) {
            try (Stream<Path> paths = Files.walk(path)) {
                for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }

    /** Every partition's manifest holds a merge edit: merges committed, not only moves. */
    private static void assertMergedInEveryPartition(SpatialTestCluster cluster, String dataverse) throws IOException {
        List<Path> indexes = indexDirectories(cluster, dataverse);
        assertThat(indexes).hasSize(2);
        for (Path dir : indexes) {
            assertThat(Files.readAllLines(dir.resolve(LeveledManifest.FILE_NAME)).stream().map(LeveledManifest::decode))
                    .as("edits in " + dir).anyMatch(MergeEdit.class::isInstance);
        }
    }

    /**
     * Random windows and one over the whole plane through the R-tree find the model's records, and the leveled
     * invariants hold, no key twice in a level >= 1 included.
     */
    private static void assertEveryRecordThroughTheRTree(QueryServiceClient client, String dataverse,
            Map<Long, double[]> model, Random random) {
        assertQueriesMatch(client, dataverse, model, random);
        assertThat(ids(client, dataverse, "spatial_intersect(p.location, create_rectangle(create_point(-1000.0,"
                + " -1000.0), create_point(1000.0, 1000.0)))")).as("every record through the R-tree")
                .isEqualTo(List.copyOf(model.keySet()));
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        assertThat(lsm.components(dataverse, DATASET)).allSatisfy(
                partition -> assertThat(CrashChecks.leveledInvariantViolation(partition)).isEmpty());
        assertNoKeyTwiceInALevel(lsm, dataverse);
    }

    /** No key twice in a level >= 1, from every entry of every component; some such level holds entries. */
    private static void assertNoKeyTwiceInALevel(LsmIntrospectionClient lsm, String dataverse) {
        List<EntriesListing> entries = lsm.entries(dataverse, DATASET);
        assertThat(entries.stream().flatMap(listing -> listing.indexes().stream())
                .flatMap(partition -> partition.components().stream()))
                .as("components of levels >= 1 with entries")
                .anyMatch(component -> component.level() >= 1 && !component.entries().isEmpty());
        assertThat(CrashChecks.levelKeysViolations(entries)).isEmpty();
    }

    /**
     * LOAD DATASET bulk-loads the leveled R-tree's first component (at level 0, scanned once for its MBR); the policy
     * then pushes it down and merges it with later flushes like any other component, and the results through the
     * index equal a scan and the model all along.
     */
    @Test
    void loadDatasetIntoALeveledRTreeThenMergesKeepResultsEqualToAScan(SpatialTestCluster cluster) throws Exception {
        String dataverse = "LeveledLoad";
        LeveledPolicy policy = LeveledPolicy.create(LEVELED_STR);
        QueryServiceClient client = cluster.client();
        createLeveledPoints(client, dataverse, "");
        Random random = new Random(17);
        Map<Long, double[]> model = new TreeMap<>();
        List<String> lines = new ArrayList<>();
        long nextId = 0;
        for (; nextId < 600; nextId++) {
            double[] point = randomPoint(random);
            model.put(nextId, point);
            lines.add("{\"id\": " + nextId + ", \"location\": point(\"" + literal(point[0]) + "," + literal(point[1])
                    + "\")}");
        }
        Path file = Path.of("target", "leveled-load-points.adm").toAbsolutePath();
        Files.write(file, lines);
        client.executeOrThrow("USE " + dataverse + "; LOAD DATASET Points USING localfs ((\"path\"=\"asterix_nc1://"
                + file + "\"), (\"format\"=\"adm\"));");

        assertThat(client.executeOrThrow("USE " + dataverse + "; SELECT VALUE COUNT(*) FROM Points p;").results())
                .extracting(JsonNode::asLong).containsExactly(600L);
        for (Path dir : indexDirectories(cluster, dataverse)) {
            assertThat(levels(dir)).as("the loaded component of " + dir).hasSize(1).containsValue(0);
        }
        assertQueriesMatch(client, dataverse, model, random);

        FlushDriver driver = new FlushDriver(client, dataverse, DATASET);
        int merges = 0;
        for (int round = 0; round < 6; round++) {
            nextId = randomRound(client, dataverse, random, model, nextId);
            driver.flush();
            driver.awaitQuiescence(Duration.ofSeconds(60));
            for (Path dir : indexDirectories(cluster, dataverse)) {
                assertManifestFollowsTheCore(dir, policy, 40);
            }
            assertQueriesMatch(client, dataverse, model, random);
        }
        for (Path dir : indexDirectories(cluster, dataverse)) {
            List<Edit> edits = new ArrayList<>();
            for (String line : Files.readAllLines(dir.resolve(LeveledManifest.FILE_NAME))) {
                edits.add(LeveledManifest.decode(line));
            }
            // The load wrote the first edit, its component's record at level 0. A flush to the policy, the loaded
            // component leaves level 0 first, by a move or a merge.
            assertThat(edits.get(0)).as("the first edit in " + dir).isInstanceOf(FlushEdit.class);
            String loaded = ((FlushEdit) edits.get(0)).component().name();
            Edit firstPush = edits.stream().filter(e -> !(e instanceof FlushEdit)).findFirst().orElseThrow();
            assertThat(firstPush instanceof MoveEdit move ? move.component()
                    : ((MergeEdit) firstPush).inputs().get(0).name())
                    .as("the first component pushed down in " + dir).isEqualTo(loaded);
            merges += (int) edits.stream().filter(MergeEdit.class::isInstance).count();
        }
        assertThat(merges).as("merges after the load").isPositive();
    }

    /**
     * COMPACT DATASET on a dataset with a leveled R-tree: in each partition the core's full compaction merges every
     * component into one level with anti-matter dropped, the policy may push on from there, results equal a scan and
     * the model, and a restart keeps it all. The dataset's other indexes (the primary and a stock R-tree) are each
     * compacted into one component, as in stock AsterixDB.
     */
    @Test
    void compactDatasetMergesEveryComponentIntoTheLevelTheCoreChooses(SpatialTestCluster cluster) throws Exception {
        String dataverse = "LeveledCompact";
        LeveledPolicy policy = LeveledPolicy.create(LEVELED_STR);
        QueryServiceClient client = cluster.client();
        createLeveledPoints(client, dataverse, " CREATE INDEX stockLoc ON Points(location) TYPE RTREE;");
        FlushDriver driver = new FlushDriver(client, dataverse, DATASET);
        Random random = new Random(29);
        Map<Long, double[]> model = new TreeMap<>();
        randomRoundsWithFlushes(driver, client, dataverse, random, model, ROUNDS);
        Map<Path, Integer> compactionLine = new HashMap<>();
        Map<Path, Long> compactionSerial = new HashMap<>();
        for (Path dir : indexDirectories(cluster, dataverse)) {
            assertThat(Set.copyOf(levels(dir).values())).as("levels before COMPACT in " + dir).hasSizeGreaterThan(1);
            compactionLine.put(dir, Files.readAllLines(dir.resolve(LeveledManifest.FILE_NAME)).size());
        }

        client.executeOrThrow("USE " + dataverse + "; COMPACT DATASET Points;");
        driver.awaitQuiescence(Duration.ofSeconds(60));

        for (Path dir : indexDirectories(cluster, dataverse)) {
            List<String> lines = Files.readAllLines(dir.resolve(LeveledManifest.FILE_NAME));
            assertThat(lines).as("edits after COMPACT in " + dir).hasSizeGreaterThan(compactionLine.get(dir));
            // The first edit after COMPACT is its merge (the flush before it left nothing in memory).
            Edit compaction = LeveledManifest.decode(lines.get(compactionLine.get(dir)));
            assertThat(compaction).as("the edit COMPACT wrote in " + dir).isInstanceOf(MergeEdit.class);
            compactionSerial.put(dir, ((MergeEdit) compaction).serial());
            assertManifestFollowsTheCore(dir, policy, 40, Set.of(compactionSerial.get(dir)));
        }
        assertQueriesMatch(client, dataverse, model, random);
        List<IndexComponents> others = driver.components().stream()
                .filter(p -> List.of(DATASET, "stockLoc").contains(p.where().index())).toList();
        assertThat(others).as("partitions of the primary and the stock R-tree").hasSize(4)
                .allSatisfy(p -> assertThat(p.components()).as("components of " + p.where() + " after COMPACT")
                        .hasSize(1));
        Map<Path, Map<String, Integer>> levelsBefore = new HashMap<>();
        for (Path dir : indexDirectories(cluster, dataverse)) {
            levelsBefore.put(dir, levels(dir));
        }

        cluster.restart();
        QueryServiceClient restarted = cluster.client();
        new FlushDriver(restarted, dataverse, DATASET).awaitQuiescence(Duration.ofSeconds(60));
        for (Path dir : indexDirectories(cluster, dataverse)) {
            assertThat(levels(dir)).as("levels after the restart in " + dir).isEqualTo(levelsBefore.get(dir));
            assertThat(componentFiles(dir)).isEqualTo(levels(dir).keySet());
            // The restart may have rewritten the manifest as a snapshot, the compaction included.
            assertManifestFollowsTheCore(dir, policy, 40, Set.of(compactionSerial.get(dir)));
        }
        assertQueriesMatch(restarted, dataverse, model, random);
    }

    /**
     * The introspection journal records every flush of a leveled R-tree, and each merge as one event whose bytes are
     * those of all the components it wrote, as its manifest records them: what {@code bench spatial-policies} sums
     * into the write amplification. Moves are no event.
     */
    @Test
    void flushesAndMergesAreJournaledWithTheBytesOfEveryOutput(SpatialTestCluster cluster) throws Exception {
        String dataverse = "LeveledEvents";
        FlushDriver driver = createAndLoadStr(cluster.client(), dataverse, new Random(13), new TreeMap<>(), ROUNDS);
        List<LsmEvent> events = driver.events().stream().filter(e -> e.where().index().equals(INDEX)).toList();
        List<Path> partitions = indexDirectories(cluster, dataverse);
        assertThat(events.stream().filter(e -> e.type().equals(LsmEvent.FLUSH)))
                .as("flush events").hasSize(ROUNDS * partitions.size());
        List<MergeEdit> merges = new ArrayList<>();
        for (Path dir : partitions) {
            for (String line : Files.readAllLines(dir.resolve(LeveledManifest.FILE_NAME))) {
                if (LeveledManifest.decode(line) instanceof MergeEdit merge) {
                    merges.add(merge);
                }
            }
        }
        assertThat(merges).as("merges that wrote more than one component").anyMatch(m -> m.added().size() > 1);
        List<Long> writtenByMerges = merges.stream()
                .map(m -> m.added().stream().mapToLong(Component::bytes).sum()).sorted().toList();
        assertThat(events.stream().filter(e -> e.type().equals(LsmEvent.MERGE)).map(LsmEvent::bytesWritten).sorted())
                .as("bytes written by each merge").containsExactlyElementsOf(writtenByMerges);
    }

    /**
     * A flush whose edit was never written (the node died between its valid bit and its flush edit): the next
     * activation scans it, once, with the same MBR and entries as the scan after its flush, and writes its edit, so
     * that the activation after does not scan it again. Simulated by cutting the edits of the flushes still at level
     * 0 out of the manifests of an idle cluster. The same manifests are made long (the remaining state repeated as
     * 100 snapshot edits): the activation rewrites each as one snapshot before it appends the flush edits.
     */
    @Test
    void aFlushWithoutItsEditIsScannedOnceAndALongManifestRewrittenAtActivation(SpatialTestCluster cluster)
            throws Exception {
        String dataverse = "LeveledFallback";
        QueryServiceClient client = cluster.client();
        Random random = new Random(17);
        Map<Long, double[]> model = new TreeMap<>();
        createAndLoadStr(client, dataverse, random, model, 4);
        Map<String, String> listedBefore =
                listedLevelsAndMbrs(new LsmIntrospectionClient(client, Duration.ofMinutes(2)), dataverse);
        long cut = 0;
        Map<Path, Long> cutIn = new HashMap<>();
        for (Path dir : indexDirectories(cluster, dataverse)) {
            Path manifest = dir.resolve(LeveledManifest.FILE_NAME);
            List<String> lines = Files.readAllLines(manifest);
            Version version = LeveledManifest.replay(lines);
            List<String> kept = new ArrayList<>();
            for (String line : lines) {
                // A flush still live at level 0: no later edit names it.
                if (LeveledManifest.decode(line) instanceof FlushEdit flush
                        && version.live().containsKey(flush.component().name())
                        && version.levelOf(flush.component().name()) == 0) {
                    cutIn.merge(dir, 1L, Long::sum);
                } else {
                    kept.add(line);
                }
            }
            String snapshot = LeveledManifest.encode(SnapshotEdit.of(LeveledManifest.replay(kept)));
            for (int i = 0; i < 100; i++) {
                kept.add(snapshot);
            }
            Files.write(manifest, kept);
            cut += cutIn.getOrDefault(dir, 0L);
        }
        assertThat(cut).as("flush edits cut").isPositive();

        cluster.restart();
        QueryServiceClient restarted = cluster.client();
        assertQueriesMatch(restarted, dataverse, model, random);
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(restarted, Duration.ofMinutes(2));
        assertThat(listedLevelsAndMbrs(lsm, dataverse)).as("levels and MBRs after the scans").isEqualTo(listedBefore);
        assertThat(componentsScannedAtActivation(lsm, dataverse)).as("components scanned at activation")
                .isEqualTo(cut);
        Map<Path, List<String>> manifests = new HashMap<>();
        for (Path dir : indexDirectories(cluster, dataverse)) {
            assertThat(LeveledManifest.read(dir.resolve(LeveledManifest.FILE_NAME)).live().keySet())
                    .as("components with their edit again in " + dir).containsAll(levels(dir).keySet());
            List<String> lines = Files.readAllLines(dir.resolve(LeveledManifest.FILE_NAME));
            assertThat(lines).as("the rewritten manifest in " + dir)
                    .hasSize(1 + cutIn.getOrDefault(dir, 0L).intValue());
            assertThat(LeveledManifest.decode(lines.get(0))).isInstanceOf(SnapshotEdit.class);
            try (Stream<Path> all = Files.list(dir)) {
                assertThat(all.map(f -> f.getFileName().toString())).as("files in " + dir)
                        .noneMatch(n -> n.startsWith(LeveledManifest.FILE_NAME + "."));
            }
            // What a crash in the middle of a rewrite leaves beside the manifest: deleted at start-up, not read.
            Files.writeString(dir.resolve(LeveledManifest.REWRITE_NAME), "{\"edit\":\"snapshot\",\"live\":[");
            manifests.put(dir, lines);
        }

        cluster.restart();
        lsm = new LsmIntrospectionClient(cluster.client(), Duration.ofMinutes(2));
        assertThat(listedLevelsAndMbrs(lsm, dataverse)).as("levels and MBRs after a second restart")
                .isEqualTo(listedBefore);
        assertThat(componentsScannedAtActivation(lsm, dataverse)).as("components scanned at the second activation")
                .isZero();
        for (Path dir : indexDirectories(cluster, dataverse)) {
            assertThat(dir.resolve(LeveledManifest.REWRITE_NAME)).as("an unfinished rewrite").doesNotExist();
            assertThat(Files.readAllLines(dir.resolve(LeveledManifest.FILE_NAME))).isEqualTo(manifests.get(dir));
        }
        assertQueriesMatch(cluster.client(), dataverse, model, random);
    }

    /**
     * Creates {@code dataverse} with {@code Points} and a leveled STR R-tree on it (B0 = 2, B = 2, cap 40), then runs
     * {@code rounds} random rounds, each flushed and waited for until no merge runs; {@code model} follows them.
     */
    private static FlushDriver createAndLoadStr(QueryServiceClient client, String dataverse, Random random,
            Map<Long, double[]> model, int rounds) throws InterruptedException {
        createLeveledPoints(client, dataverse, "");
        FlushDriver driver = new FlushDriver(client, dataverse, DATASET);
        randomRoundsWithFlushes(driver, client, dataverse, random, model, rounds);
        return driver;
    }

    /**
     * A fresh dataverse with the dataset {@code Points} under no-merge and its R-tree {@code loc} under
     * {@link #LEVELED_STR}, then the DDL {@code more}.
     */
    private static void createLeveledPoints(QueryServiceClient client, String dataverse, String more) {
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; CREATE TYPE Located AS { id: int64, location: point };"
                + " CREATE DATASET Points(Located) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"no-merge\"}};"
                + " CREATE INDEX loc ON Points(location) TYPE RTREE WITH {\"merge-policy\": {\"name\": \"leveled\","
                + " \"parameters\": {\"level0-components\": 2, \"size-ratio\": 2, \"max-component-entries\": 40,"
                + " \"partitioning\": \"str\"}}};" + more);
    }

    /** {@code rounds} rounds of random changes from id 0 on, each flushed and its merges completed. */
    private static void randomRoundsWithFlushes(FlushDriver driver, QueryServiceClient client, String dataverse,
            Random random, Map<Long, double[]> model, int rounds) throws InterruptedException {
        long nextId = 0;
        for (int round = 0; round < rounds; round++) {
            nextId = randomRound(client, dataverse, random, model, nextId);
            driver.flush();
            driver.awaitQuiescence(Duration.ofSeconds(60));
        }
    }

    /** Each R-tree component, by its files, with {@code "<level> <mbr>"} as the components listing shows them. */
    private static Map<String, String> listedLevelsAndMbrs(LsmIntrospectionClient lsm, String dataverse) {
        Map<String, String> components = new TreeMap<>();
        for (IndexListing index : rtreeListings(lsm, dataverse)) {
            index.components().forEach(c -> components.put(c.files().toString(),
                    Objects.requireNonNullElse(c.level(), -1) + " " + c.mbr()));
        }
        return components;
    }

    /** {@code componentsScannedAtActivation} of the listing, summed over the R-tree's partitions. */
    private static long componentsScannedAtActivation(LsmIntrospectionClient lsm, String dataverse) {
        long scanned = 0;
        for (IndexListing index : rtreeListings(lsm, dataverse)) {
            Long count = index.componentsScannedAtActivation();
            assertThat(count).as("componentsScannedAtActivation of " + index.partition()).isNotNull();
            scanned += count;
        }
        return scanned;
    }

    private static List<IndexListing> rtreeListings(LsmIntrospectionClient lsm, String dataverse) {
        List<IndexListing> rtrees = new ArrayList<>();
        for (ComponentsListing listing : lsm.typedListings(dataverse, DATASET)) {
            listing.indexes().forEach(index -> {
                if (index.index().equals(INDEX)) {
                    rtrees.add(index);
                }
            });
        }
        assertThat(rtrees).as("R-tree partitions listed").hasSize(2);
        return rtrees;
    }

    /**
     * Inserts new points, moves existing ones (upsert) and deletes some. Random coordinates are distinct, so that the
     * partitioners' sizes are exact and no point lies on a query window's edge.
     */
    private static long randomRound(QueryServiceClient client, String dataverse, Random random,
            Map<Long, double[]> model, long firstNewId) {
        long nextId = firstNewId;
        List<String> inserts = new ArrayList<>();
        Map<Long, double[]> upserts = new HashMap<>();
        Set<Long> deletes = new TreeSet<>();
        List<Long> existing = new ArrayList<>(model.keySet());
        for (int i = 0; i < OPERATIONS_PER_ROUND; i++) {
            int kind = random.nextInt(10);
            if (kind < 6 || existing.isEmpty()) {
                double[] point = randomPoint(random);
                inserts.add(record(nextId, point));
                model.put(nextId++, point);
            } else {
                Long id = existing.get(random.nextInt(existing.size()));
                if (deletes.contains(id) || upserts.containsKey(id)) {
                    continue;
                }
                if (kind < 8) {
                    double[] point = randomPoint(random);
                    upserts.put(id, point);
                    model.put(id, point);
                } else {
                    deletes.add(id);
                    model.remove(id);
                }
            }
        }
        String use = "USE " + dataverse + "; ";
        client.executeOrThrow(use + "INSERT INTO Points ([" + String.join(", ", inserts) + "]);");
        if (!upserts.isEmpty()) {
            client.executeOrThrow(use + "UPSERT INTO Points ([" + upserts.entrySet().stream()
                    .map(e -> record(e.getKey(), e.getValue())).collect(Collectors.joining(", ")) + "]);");
        }
        if (!deletes.isEmpty()) {
            client.executeOrThrow(use + "DELETE FROM Points p WHERE p.id IN [" + deletes.stream()
                    .map(String::valueOf).collect(Collectors.joining(", ")) + "];");
        }
        return nextId;
    }

    private static double[] randomPoint(Random random) {
        return new double[] { micro(random.nextDouble() * 200 - 100), micro(random.nextDouble() * 200 - 100) };
    }

    /** Rounded to 6 decimals, so that the SQL++ literal is exact; query edges end in 5 at the 7th decimal. */
    private static double micro(double value) {
        return Math.round(value * 1e6) / 1e6;
    }

    private static String record(long id, double[] point) {
        return "{\"id\": " + id + ", \"location\": create_point(" + literal(point[0]) + ", "
                + literal(point[1]) + ")}";
    }

    private static String literal(double value) {
        return java.math.BigDecimal.valueOf(value).toPlainString();
    }

    /**
     * Replays the manifest edit by edit and checks each against the policy core: the component it pushes down and
     * the next-level components it takes are those {@link LeveledPolicy#findMerge} picks in the state before it, and
     * a move happens exactly when nothing overlaps. Then every level is within capacity.
     *
     * @return the merges that wrote more than one output, and the most entries one merge read
     */
    private static MergeCounts assertManifestFollowsTheCore(Path dir, LeveledPolicy policy, long maxOutputEntries)
            throws IOException {
        return assertManifestFollowsTheCore(dir, policy, maxOutputEntries, Set.of());
    }

    /** As above, where the merges with the serials {@code compactions} are the full merges of COMPACT DATASET. */
    private static MergeCounts assertManifestFollowsTheCore(Path dir, LeveledPolicy policy, long maxOutputEntries,
            Set<Long> compactions) throws IOException {
        Path manifest = dir.resolve(LeveledManifest.FILE_NAME);
        List<String> lines = Files.exists(manifest) ? Files.readAllLines(manifest) : List.of();
        Set<String> files = componentFiles(dir);
        Set<String> flushes = new TreeSet<>(files.stream().filter(n -> !Name.parse(n).orElseThrow().isMergeOutput())
                .toList());
        List<Edit> edits = new ArrayList<>();
        for (String line : lines) {
            Edit edit = LeveledManifest.decode(line);
            edits.add(edit);
            if (edit instanceof FlushEdit flush) {
                flushes.add(flush.component().name());
            } else if (edit instanceof SnapshotEdit snapshot) {
                Stream.concat(snapshot.live().stream().map(Component::name), snapshot.removed().stream())
                        .filter(n -> !Name.parse(n).orElseThrow().isMergeOutput()).forEach(flushes::add);
            } else if (edit instanceof MergeEdit merge) {
                merge.removed().stream().filter(n -> !Name.parse(n).orElseThrow().isMergeOutput())
                        .forEach(flushes::add);
            } else if (edit instanceof MoveEdit move && !Name.parse(move.component()).orElseThrow().isMergeOutput()) {
                flushes.add(move.component());
            }
        }
        Version state = Version.EMPTY;
        MergeCounts counts = new MergeCounts();
        for (Edit edit : edits) {
            Version before = state;
            if (edit instanceof MergeEdit merge && compactions.contains(merge.serial())) {
                assertFullCompaction(merge, state, policy, maxOutputEntries);
                state = state.apply(edit);
                continue;
            }
            if (edit instanceof FlushEdit flush) {
                // Written when the flush (or bulk load) is installed, before the policy sees it: once, at level 0.
                assertThat(flush.component().level()).isZero();
                assertThat(before.live()).as("an earlier record of " + flush.component().name())
                        .doesNotContainKey(flush.component().name());
                state = state.apply(edit);
                continue;
            }
            if (edit instanceof SnapshotEdit) {
                // A rewritten manifest's first line: the state its edits had reached, decided and checked before.
                state = state.apply(edit);
                continue;
            }
            Component picked = edit instanceof MergeEdit merge ? merge.inputs().get(0) : ((MoveEdit) edit).moved();
            List<String> taken = edit instanceof MergeEdit merge
                    ? merge.inputs().subList(1, merge.inputs().size()).stream().map(Component::name).sorted().toList()
                    : List.of();
            // The policy saw each component as the manifest describes it: flushes too, from their flush edits.
            List<Component> seen = edit instanceof MergeEdit merge ? merge.inputs() : List.of(picked);
            assertThat(seen).as("components the policy saw before " + edit)
                    .allSatisfy(c -> assertThat(before.live().get(c.name())).isEqualTo(c));
            int level = picked.level();
            LeveledView<Rect> deeper = view(before, 1);
            if (level == 0) {
                // Level 0 gives up its oldest flush, once no deeper level is over capacity.
                assertThat(policy.findMerge(deeper)).as("a deeper level was over capacity before " + edit).isEmpty();
                long seq = Name.parse(picked.name()).orElseThrow().maxSeq();
                for (String flush : flushes) {
                    if (Name.parse(flush).orElseThrow().maxSeq() < seq) {
                        assertThat(state.removed().contains(flush) || state.levelOf(flush) > 0)
                                .as(flush + " is older than " + picked.name() + " but still at level 0").isTrue();
                    }
                }
                Rect box = picked.mbr();
                List<String> overlapping = state.live().values().stream()
                        .filter(c -> c.level() == 1 && c.mbr().intersects(box)).map(Component::name).sorted()
                        .toList();
                assertThat(taken).as("level-1 components taken with " + picked.name()).isEqualTo(overlapping);
                assertThat(edit instanceof MoveEdit).isEqualTo(overlapping.isEmpty());
            } else {
                LeveledMerge<Rect> decision = policy.findMerge(deeper).orElseThrow(
                        () -> new AssertionError("the core decides nothing where the engine did " + edit));
                assertThat(decision.sourceLevel()).isEqualTo(level);
                assertThat(nameOf(before, decision.picked())).as("picked component").isEqualTo(picked.name());
                assertThat(decision.overlapping().stream().map(c -> nameOf(before, c)).sorted().toList())
                        .isEqualTo(taken);
                assertThat(decision.isMove()).isEqualTo(edit instanceof MoveEdit);
            }
            if (edit instanceof MergeEdit merge) {
                assertThat(merge.added()).allSatisfy(c -> assertThat(c.level()).isEqualTo(level + 1));
                assertThat(merge.added()).allSatisfy(c -> assertThat(c.entries()).isBetween(1L, maxOutputEntries));
                counts.severalOutputs += merge.added().size() > 1 ? 1 : 0;
                counts.largestInput = Math.max(counts.largestInput,
                        merge.inputs().stream().mapToLong(Component::entries).sum());
            } else {
                assertThat(((MoveEdit) edit).toLevel()).isEqualTo(level + 1);
            }
            state = state.apply(edit);
        }
        // Every component's MBR lies in the data's square (the keys were read right).
        assertThat(state.live().values()).allSatisfy(c -> assertThat(c.mbr().minX() >= -100
                && c.mbr().maxX() <= 100 && c.mbr().minY() >= -100 && c.mbr().maxY() <= 100).as("MBR of " + c)
                .isTrue());
        // Leveled merges write no mask file (the manifest is their commit): none may ever appear.
        try (Stream<Path> all = Files.list(dir)) {
            assertThat(all.map(f -> f.getFileName().toString())).noneMatch(n -> n.startsWith(".mask"));
        }
        // After the flush and its merges: every live component is on disk and described by the manifest, and every
        // level within capacity.
        assertThat(files).containsAll(state.live().keySet());
        assertThat(state.live().keySet()).as("components the manifest describes").containsAll(levels(dir).keySet());
        Map<Integer, Long> perLevel = levels(dir).values().stream()
                .collect(Collectors.groupingBy(l -> l, Collectors.counting()));
        perLevel.forEach((lvl, count) -> assertThat(count).as("components at level " + lvl + " in " + dir)
                .isLessThanOrEqualTo(policy.capacity(lvl)));
        return counts;
    }

    /**
     * A COMPACT edit: it took every live component (the manifest's and the flushes it does not name), and wrote them
     * into the level {@link LeveledPolicy#fullCompaction} chooses for those inputs, in outputs within the cap.
     */
    private static void assertFullCompaction(MergeEdit compaction, Version state, LeveledPolicy policy,
            long maxOutputEntries) {
        assertThat(compaction.removed()).as("inputs of " + compaction).containsAll(state.live().keySet())
                .containsExactlyInAnyOrderElementsOf(compaction.inputs().stream().map(Component::name).toList());
        assertThat(compaction.inputs()).as("inputs at the levels the manifest gave them")
                .allSatisfy(c -> assertThat(c.level()).isEqualTo(state.levelOf(c.name())));
        Map<String, Long> ids = ComponentIds.of(compaction.inputs().stream().map(Component::name).toList());
        LeveledMerge<Rect> decision = policy.fullCompaction(LeveledView.ofMbrs(compaction.inputs().stream()
                .map(c -> LeveledComponent.idle(ids.get(c.name()), c.level(), c.mbr(), c.entries(), c.bytes()))
                .toList())).orElseThrow();
        assertThat(compaction.added()).as("outputs of " + compaction).isNotEmpty().allSatisfy(c -> {
            assertThat(c.level()).isEqualTo(decision.targetLevel());
            assertThat(c.entries()).isBetween(1L, maxOutputEntries);
        });
    }

    /** What the merges of a manifest did, summed over the partitions. */
    private static final class MergeCounts {
        int severalOutputs;
        long largestInput;

        void add(MergeCounts other) {
            severalOutputs += other.severalOutputs;
            largestInput = Math.max(largestInput, other.largestInput);
        }
    }

    /**
     * The replayed components of levels >= {@code from}, as the policy sees them: with the ids the engine gives the
     * whole partition's components.
     */
    private static LeveledView<Rect> view(Version state, int from) {
        Map<String, Long> ids = ComponentIds.of(state.live().keySet());
        return LeveledView.ofMbrs(state.live().values().stream().filter(c -> c.level() >= from)
                .map(c -> LeveledComponent.idle(ids.get(c.name()), c.level(), c.mbr(), c.entries(), c.bytes()))
                .toList());
    }

    private static String nameOf(Version state, LeveledComponent<Rect> component) {
        Map<String, Long> ids = ComponentIds.of(state.live().keySet());
        return ids.keySet().stream().filter(n -> ids.get(n) == component.id()).findFirst().orElseThrow();
    }

    /** Every live component of the partition and its level: the manifest's (level 0 for a flush without its edit). */
    private static Map<String, Integer> levels(Path dir) throws IOException {
        Version version = LeveledManifest.read(dir.resolve(LeveledManifest.FILE_NAME));
        Map<String, Integer> levels = new TreeMap<>();
        for (String file : componentFiles(dir)) {
            Optional<Name> name = Name.parse(file);
            boolean live = name.orElseThrow().isMergeOutput() ? version.live().containsKey(file)
                    : !version.removed().contains(file);
            if (live) {
                levels.put(file, version.levelOf(file));
            }
        }
        return levels;
    }

    private static void assertQueriesMatch(QueryServiceClient client, String dataverse, Map<Long, double[]> model,
            Random random) {
        for (int query = 0; query < 3; query++) {
            double x1 = micro(random.nextDouble() * 150 - 100) + 5e-7;
            double y1 = micro(random.nextDouble() * 150 - 100) + 5e-7;
            double x2 = x1 + 20 + random.nextInt(60);
            double y2 = y1 + 20 + random.nextInt(60);
            String window = "create_rectangle(create_point(" + literal(x1) + ", " + literal(y1) + "), create_point("
                    + literal(x2) + ", " + literal(y2) + "))";
            List<Long> throughRTree = ids(client, dataverse, "spatial_intersect(p.location, " + window + ")");
            List<Long> throughScan = ids(client, dataverse, "get_x(p.location) > " + literal(x1)
                    + " AND get_x(p.location) < " + literal(x2) + " AND get_y(p.location) > " + literal(y1)
                    + " AND get_y(p.location) < " + literal(y2));
            List<Long> expected = model.entrySet().stream().filter(e -> e.getValue()[0] > x1 && e.getValue()[0] < x2
                    && e.getValue()[1] > y1 && e.getValue()[1] < y2).map(Map.Entry::getKey).toList();
            assertThat(throughRTree).as("ids in " + window + " through the R-tree").isEqualTo(throughScan)
                    .isEqualTo(expected);
        }
        assertThat(client.executeOrThrow("USE " + dataverse + "; EXPLAIN SELECT VALUE p.id FROM Points p WHERE "
                + "spatial_intersect(p.location, create_rectangle(create_point(0.5, 0.5), create_point(9.5, 9.5)));")
                .plan()).contains("RTREE_SEARCH");
    }

    /**
     * Small windows through the R-tree: each search opens exactly the disk components whose listed MBR overlaps the
     * window (fewer than exist), and still returns the scan's and the model's ids. The listing shows each
     * component's level as the manifest records it.
     */
    private static void assertSmallWindowsPrune(SpatialTestCluster cluster, QueryServiceClient client,
            String dataverse, Map<Long, double[]> model, Random random) throws IOException {
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        Map<Integer, Long> manifestLevels = new TreeMap<>();
        for (Path dir : indexDirectories(cluster, dataverse)) {
            levels(dir).values().forEach(level -> manifestLevels.merge(level, 1L, Long::sum));
        }
        Map<Integer, Long> listedLevels = new TreeMap<>();
        for (IndexListing index : rtreeListings(lsm, dataverse)) {
            index.components().forEach(c -> listedLevels.merge(Objects.requireNonNullElse(c.level(), -1), 1L,
                    Long::sum));
        }
        assertThat(listedLevels).as("components per level in the listing").isEqualTo(manifestLevels);

        for (int query = 0; query < 3; query++) {
            double x1 = micro(random.nextDouble() * 190 - 100) + 5e-7;
            double y1 = micro(random.nextDouble() * 190 - 100) + 5e-7;
            double x2 = x1 + 4;
            double y2 = y1 + 4;
            List<IndexComponents> before = rtreePartitions(lsm, dataverse);
            List<Long> throughRTree = ids(client, dataverse, "spatial_intersect(p.location, create_rectangle("
                    + "create_point(" + literal(x1) + ", " + literal(y1) + "), create_point(" + literal(x2) + ", "
                    + literal(y2) + ")))");
            List<IndexComponents> after = rtreePartitions(lsm, dataverse);
            List<Long> expected = model.entrySet().stream().filter(e -> e.getValue()[0] > x1 && e.getValue()[0] < x2
                    && e.getValue()[1] > y1 && e.getValue()[1] < y2).map(Map.Entry::getKey).toList();
            String window = "[" + x1 + ", " + y1 + " .. " + x2 + ", " + y2 + "]";
            assertThat(throughRTree).as("ids in " + window + " through the R-tree").isEqualTo(expected);
            assertThat(after.stream().map(IndexComponents::components).toList()).as("no component came or went")
                    .isEqualTo(before.stream().map(IndexComponents::components).toList());
            long components = before.stream().mapToLong(p -> p.components().size()).sum();
            // Eq. 4.1 written out here, independently of the engine's code.
            long overlapping = before.stream().flatMap(p -> p.mbrs().stream()).map(Optional::orElseThrow)
                    .filter(mbr -> !mbr.isEmpty() && mbr.min().get(0) <= x2 && x1 <= mbr.max().get(0)
                            && mbr.min().get(1) <= y2 && y1 <= mbr.max().get(1))
                    .count();
            ReadCounts delta = reads(after).minus(reads(before));
            assertThat(delta).as("one search per partition over %d components, %s", components, window)
                    .isEqualTo(new ReadCounts(2, overlapping, components - overlapping));
            assertThat(delta.componentsOpened()).as("components opened for " + window).isLessThan(components);
        }
    }

    private static List<IndexComponents> rtreePartitions(LsmIntrospectionClient lsm, String dataverse) {
        return lsm.components(dataverse, DATASET).stream().filter(p -> p.where().index().equals(INDEX))
                .sorted(Comparator.comparingInt(p -> p.where().partition())).toList();
    }

    private static ReadCounts reads(List<IndexComponents> partitions) {
        return partitions.stream().map(p -> p.reads().orElseThrow()).reduce(ReadCounts.NONE, ReadCounts::plus);
    }

    private static List<Long> ids(QueryServiceClient client, String dataverse, String condition) {
        return client.executeOrThrow("USE " + dataverse + "; SELECT VALUE p.id FROM Points p WHERE " + condition
                + " ORDER BY p.id;").results().stream().map(JsonNode::asLong).toList();
    }

    private static Set<String> componentFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> !n.startsWith("."))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }

    /** The R-tree's directory in every partition. */
    private static List<Path> indexDirectories(SpatialTestCluster cluster, String dataverse) throws IOException {
        try (Stream<Path> paths = Files.walk(cluster.storageRoot())) {
            return paths.filter(p -> Files.isDirectory(p) && p.getFileName().toString().equals("loc")
                    && p.toString().contains("/" + dataverse + "/" + DATASET + "/")).toList();
        }
    }
}
