package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.ComponentMbr;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.ReadCounts;
import org.spatiallsm.testcluster.SpatialClusterExtension;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * MBR pruning of R-tree searches under a stack policy (no-merge): data arriving spatially clustered, one region per
 * flush, gives components with disjoint MBRs, and a small window opens only the components it overlaps. Counters are
 * read from the components listing; results always equal a primary-index scan.
 */
@ExtendWith(SpatialClusterExtension.class)
class MbrPruningTest {

    private static final String INDEX = "locIdx";
    private static final int REGIONS = 4;
    private static final int RECORDS_PER_REGION = 200;

    @Test
    void aSmallWindowOpensOnlyTheComponentsItOverlapsAlsoAfterARestart(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        create(client, "Clustered");
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        for (int region = 0; region < REGIONS; region++) {
            // Region r: x in [-170 + 50r, -150.5 + 50r], y in [10, 30]; every partition gets some of each.
            client.executeOrThrow("USE Clustered; INSERT INTO Places (SELECT VALUE {\"id\": i, \"location\": "
                    + "create_point(" + regionX(region) + " + to_double(i % 40) / 2.0, 10.0 + to_double(i % 41) / 2.0)"
                    + "} FROM range(" + region * RECORDS_PER_REGION + ", " + ((region + 1) * RECORDS_PER_REGION - 1)
                    + ") i);");
            lsm.flush("Clustered", "Places");
        }
        List<IndexComponents> rtree = rtreePartitions(lsm, "Clustered");
        assertThat(rtree).hasSize(2).allSatisfy(partition -> {
            assertThat(partition.components()).hasSize(REGIONS);
            // Newest first: the last flush holds the last region; each MBR is exactly its region's points.
            for (int i = 0; i < REGIONS; i++) {
                ComponentMbr mbr = partition.mbrs().get(i).orElseThrow();
                int region = REGIONS - 1 - i;
                assertThat(mbr.min().get(0)).isBetween(regionX(region), regionX(region) + 19.5);
                assertThat(mbr.max().get(0)).isBetween(regionX(region), regionX(region) + 19.5);
                assertThat(mbr.min().get(1)).isBetween(10.0, 30.0);
            }
        });
        assertThat(reads(rtree)).isEqualTo(ReadCounts.NONE);

        Window insideRegion1 = new Window(regionX(1) + 2.05, 12.05, regionX(1) + 8.05, 20.05);
        assertSearch(client, lsm, "Clustered", insideRegion1, 1, REGIONS - 1);
        Window acrossRegions1And2 = new Window(regionX(1) + 10.05, 11.05, regionX(2) + 5.05, 28.05);
        assertSearch(client, lsm, "Clustered", acrossRegions1And2, 2, REGIONS - 2);
        Window nowhere = new Window(100.05, -80.05, 170.05, -10.05);
        assertSearch(client, lsm, "Clustered", nowhere, 0, REGIONS);
        Window world = new Window(-180, -90, 180, 90);
        assertSearch(client, lsm, "Clustered", world, REGIONS, 0);
        assertThat(reads(rtreePartitions(lsm, "Clustered"))).isEqualTo(new ReadCounts(8, 14, 18));

        List<Optional<ComponentMbr>> mbrsBefore = rtreePartitions(lsm, "Clustered").stream()
                .flatMap(p -> p.mbrs().stream()).toList();
        cluster.restart();
        client = cluster.client();
        lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        assertThat(rtreePartitions(lsm, "Clustered").stream().flatMap(p -> p.mbrs().stream()).toList())
                .as("MBRs after the restart").isEqualTo(mbrsBefore);
        assertThat(reads(rtreePartitions(lsm, "Clustered"))).as("counted since the index was opened")
                .isEqualTo(ReadCounts.NONE);
        assertSearch(client, lsm, "Clustered", insideRegion1, 1, REGIONS - 1);
        assertSearch(client, lsm, "Clustered", world, REGIONS, 0);
    }

    @Test
    void pruningNeverMissesAResultUnderRandomInsertsDeletesAndUpserts(SpatialTestCluster cluster) throws Exception {
        QueryServiceClient client = cluster.client();
        create(client, "Churn");
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        Random random = new Random(13);
        Map<Long, double[]> model = new TreeMap<>();
        long nextId = 0;
        long skipped = 0;
        for (int round = 0; round < 7; round++) {
            // Inserts clustered in this round's region, deletes and upserts that move points anywhere: their
            // anti-matter lands in this round's component, with the old point's MBR.
            int region = round % REGIONS;
            List<String> inserted = new ArrayList<>();
            for (int i = 0; i < 60; i++, nextId++) {
                double[] point = { regionX(region) + random.nextInt(200) / 10.0, 10 + random.nextInt(200) / 10.0 };
                model.put(nextId, point);
                inserted.add(record(nextId, point));
            }
            client.executeOrThrow("USE Churn; INSERT INTO Places ([" + String.join(", ", inserted) + "]);");
            List<Long> ids = new ArrayList<>(model.keySet());
            List<Long> deleted = new ArrayList<>();
            for (int i = 0; i < 12; i++) {
                deleted.add(ids.get(random.nextInt(ids.size())));
            }
            deleted.forEach(model::remove);
            client.executeOrThrow("USE Churn; DELETE FROM Places p WHERE p.id IN " + deleted + ";");
            ids = new ArrayList<>(model.keySet());
            Map<Long, double[]> moved = new TreeMap<>();
            for (int i = 0; i < 12; i++) {
                moved.put(ids.get(random.nextInt(ids.size())),
                        new double[] { -180 + random.nextInt(3600) / 10.0, -90 + random.nextInt(1800) / 10.0 });
            }
            model.putAll(moved);
            client.executeOrThrow("USE Churn; UPSERT INTO Places ([" + moved.entrySet().stream()
                    .map(e -> record(e.getKey(), e.getValue())).collect(Collectors.joining(", ")) + "]);");
            if (round < 6) { // the last round stays in memory
                lsm.flush("Churn", "Places");
            }
            for (int q = 0; q < 8; q++) {
                double x = -180 + random.nextInt(3600) / 10.0 + 0.05;
                double y = -90 + random.nextInt(1800) / 10.0 + 0.05;
                double size = q % 2 == 0 ? 5 : 40;
                // AsterixDB refuses a rectangle without area.
                Window window = new Window(x, y, x + (1 + random.nextInt((int) size * 10)) / 10.0,
                        y + (1 + random.nextInt((int) size * 10)) / 10.0);
                List<Long> expected = model.entrySet().stream().filter(e -> window.contains(e.getValue()))
                        .map(Map.Entry::getKey).toList();
                assertThat(scan(client, "Churn", window)).as("primary scan, round %d, %s", round, window)
                        .isEqualTo(expected);
                skipped += assertSearch(client, lsm, "Churn", window, expected).componentsSkipped();
            }
        }
        assertThat(skipped).as("disk components skipped over all queries").isPositive();
    }

    private static void create(QueryServiceClient client, String dataverse) {
        client.executeOrThrow("DROP DATAVERSE " + dataverse + " IF EXISTS; CREATE DATAVERSE " + dataverse + "; USE "
                + dataverse + "; CREATE TYPE Located AS { id: int64, location: point };"
                + " CREATE DATASET Places(Located) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"no-merge\"}};"
                + " CREATE INDEX " + INDEX + " ON Places(location) TYPE RTREE;");
    }

    private static double regionX(int region) {
        return -170.0 + 50 * region;
    }

    private static String record(long id, double[] point) {
        return String.format(Locale.ROOT, "{\"id\": %d, \"location\": point(\"%.1f,%.1f\")}", id, point[0], point[1]);
    }

    /** One query through the index: its ids equal the scan's, and it opened {@code opened} components per partition. */
    private static void assertSearch(QueryServiceClient client, LsmIntrospectionClient lsm, String dataverse,
            Window window, int opened, int skipped) {
        ReadCounts delta = assertSearch(client, lsm, dataverse, window, scan(client, dataverse, window));
        assertThat(delta).as("one search per partition, %s", window).isEqualTo(new ReadCounts(2, 2L * opened,
                2L * skipped));
    }

    /**
     * One query through the index: its ids equal {@code expected}, it searched each partition once, and it opened
     * exactly the disk components whose listed MBR overlaps the window. Returns the counters' change.
     */
    private static ReadCounts assertSearch(QueryServiceClient client, LsmIntrospectionClient lsm, String dataverse,
            Window window, List<Long> expected) {
        List<IndexComponents> before = rtreePartitions(lsm, dataverse);
        String select = "SELECT VALUE p.id FROM Places p WHERE spatial_intersect(p.location, " + window.rectangle()
                + ") ORDER BY p.id;";
        assertThat(client.executeOrThrow("USE " + dataverse + "; EXPLAIN " + select).plan()).contains(INDEX);
        assertThat(ids(client, "USE " + dataverse + "; " + select)).as("through %s, %s", INDEX, window)
                .isEqualTo(expected);
        List<IndexComponents> after = rtreePartitions(lsm, dataverse);
        assertThat(after.stream().map(IndexComponents::components).toList()).as("no component came or went")
                .isEqualTo(before.stream().map(IndexComponents::components).toList());
        ReadCounts delta = reads(after).minus(reads(before));
        long overlapping = before.stream().flatMap(p -> p.mbrs().stream())
                .filter(mbr -> window.overlaps(mbr.orElseThrow())).count();
        long components = before.stream().mapToLong(p -> p.components().size()).sum();
        assertThat(delta).as("%s over %d components", window, components)
                .isEqualTo(new ReadCounts(2, overlapping, components - overlapping));
        return delta;
    }

    private static List<Long> scan(QueryServiceClient client, String dataverse, Window window) {
        return ids(client, "USE " + dataverse + "; SELECT VALUE p.id FROM Places p WHERE get_x(p.location) >= "
                + window.minX + " AND get_x(p.location) <= " + window.maxX + " AND get_y(p.location) >= "
                + window.minY + " AND get_y(p.location) <= " + window.maxY + " ORDER BY p.id;");
    }

    private static List<Long> ids(QueryServiceClient client, String query) {
        return client.executeOrThrow(query).results().stream().map(n -> n.asLong()).toList();
    }

    private static List<IndexComponents> rtreePartitions(LsmIntrospectionClient lsm, String dataverse) {
        return lsm.components(dataverse, "Places").stream().filter(p -> p.where().index().equals(INDEX))
                .sorted((a, b) -> Integer.compare(a.where().partition(), b.where().partition()))
                .collect(Collectors.toList());
    }

    private static ReadCounts reads(List<IndexComponents> partitions) {
        return partitions.stream().map(p -> p.reads().orElseThrow()).reduce(ReadCounts.NONE, ReadCounts::plus);
    }

    private record Window(double minX, double minY, double maxX, double maxY) {
        String rectangle() {
            return "create_rectangle(create_point(" + minX + ", " + minY + "), create_point(" + maxX + ", " + maxY
                    + "))";
        }

        boolean contains(double[] point) {
            return minX <= point[0] && point[0] <= maxX && minY <= point[1] && point[1] <= maxY;
        }

        /** Eq. 4.1, written out independently of the engine's code; an empty MBR overlaps nothing. */
        boolean overlaps(ComponentMbr mbr) {
            return !mbr.isEmpty() && mbr.min().get(0) <= maxX && minX <= mbr.max().get(0) && mbr.min().get(1) <= maxY
                    && minY <= mbr.max().get(1);
        }
    }
}
