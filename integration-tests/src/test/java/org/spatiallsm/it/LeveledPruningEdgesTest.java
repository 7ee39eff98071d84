package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.ComponentMbr;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.ReadCounts;
import org.spatiallsm.it.crash.CrashChecks;
import org.spatiallsm.testcluster.SharedSpatialCluster;
import org.spatiallsm.testcluster.SpatialTestCluster;

/**
 * Pruning of a leveled R-tree at the exact edges of its components: every component's MBR is the box of its extreme
 * points, so a query window that ends exactly on an MBR edge or corner finds points lying on it, and must open that
 * component. Each window, read from the components listing, gets the ids a primary scan with closed bounds gets, and
 * opens exactly the components whose listed MBR it touches. Insert-only data on a half-unit grid: every listed entry
 * is a live point.
 */
@SharedSpatialCluster
public class LeveledPruningEdgesTest {

    private static final String DATAVERSE = "PruningEdges";
    private static final String INDEX = "loc";
    private static final int ROUNDS = 8;
    private static final int RECORDS_PER_ROUND = 120;

    @Test
    void windowsOnComponentEdgesAndCornersOpenThemAndFindWhatAScanFinds(SpatialTestCluster cluster)
            throws Exception {
        QueryServiceClient client = cluster.client();
        client.executeOrThrow("DROP DATAVERSE " + DATAVERSE + " IF EXISTS; CREATE DATAVERSE " + DATAVERSE + "; USE "
                + DATAVERSE + "; CREATE TYPE Located AS { id: int64, location: point };"
                + " CREATE DATASET Points(Located) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": \"no-merge\"}};"
                + " CREATE INDEX " + INDEX + " ON Points(location) TYPE RTREE WITH {\"merge-policy\": {\"name\":"
                + " \"leveled\", \"parameters\": {\"level0-components\": 2, \"size-ratio\": 2,"
                + " \"max-component-entries\": 40, \"partitioning\": \"str\"}}};");
        FlushDriver driver = new FlushDriver(client, DATAVERSE, "Points");
        for (int round = 0; round < ROUNDS; round++) {
            // Scattered over x in [-20, 20], y in [-15, 15], on multiples of 0.5; each round lands in its own band.
            long from = (long) round * RECORDS_PER_ROUND;
            client.executeOrThrow("USE " + DATAVERSE + "; INSERT INTO Points (SELECT VALUE {\"id\": i, \"location\":"
                    + " create_point(to_double((i * 37) % 81) / 2.0 - 20.0, to_double((i * 53) % 61) / 2.0 - 15.0)}"
                    + " FROM range(" + from + ", " + (from + RECORDS_PER_ROUND - 1) + ") i);");
            driver.flush();
            driver.awaitQuiescence(FlushDriver.MERGE_STALL);
        }
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(2));
        List<IndexComponents> partitions = rtreePartitions(lsm);
        assertThat(partitions).hasSize(2);
        for (IndexComponents partition : partitions) {
            assertThat(partition.levels()).as("levels of %s", partition.where())
                    .anySatisfy(level -> assertThat(level.orElseThrow()).isPositive());
            assertThat(CrashChecks.leveledInvariantViolation(partition)).as("invariants of %s", partition.where())
                    .isEmpty();
        }
        String select = "SELECT VALUE p.id FROM Points p WHERE spatial_intersect(p.location, "
                + new Window(0, 0, 1, 1).rectangle() + ");";
        assertThat(client.executeOrThrow("USE " + DATAVERSE + "; EXPLAIN " + select).plan()).contains(INDEX);

        long windows = 0;
        for (IndexComponents partition : partitions) {
            for (Optional<ComponentMbr> listed : partition.mbrs()) {
                ComponentMbr mbr = listed.orElseThrow();
                if (mbr.isEmpty()) {
                    continue;
                }
                // A tight MBR has a point on each of its edges, not necessarily on its corners.
                for (Window window : Window.alongEdgesOf(mbr)) {
                    assertThat(assertSearch(client, lsm, window)).as("points on the edge %s", window).isNotEmpty();
                    windows++;
                }
                for (Window window : Window.atCornersOf(mbr)) {
                    assertSearch(client, lsm, window);
                    windows++;
                }
            }
        }
        assertThat(windows).as("windows tried").isGreaterThanOrEqualTo(6L * 2 * 2);
    }

    /**
     * One query through the index: it finds the same ids as a primary scan with closed bounds, and opens exactly the
     * components it touches. Returns the ids.
     */
    private static List<Long> assertSearch(QueryServiceClient client, LsmIntrospectionClient lsm, Window window) {
        List<IndexComponents> before = rtreePartitions(lsm);
        List<Long> throughIndex = ids(client, "SELECT VALUE p.id FROM Points p WHERE spatial_intersect(p.location, "
                + window.rectangle() + ") ORDER BY p.id;");
        List<Long> throughScan = ids(client, "SELECT VALUE p.id FROM Points p WHERE get_x(p.location) >= "
                + window.minX + " AND get_x(p.location) <= " + window.maxX + " AND get_y(p.location) >= "
                + window.minY + " AND get_y(p.location) <= " + window.maxY + " ORDER BY p.id;");
        assertThat(throughIndex).as("through %s, %s", INDEX, window).isEqualTo(throughScan);
        List<IndexComponents> after = rtreePartitions(lsm);
        assertThat(after.stream().map(IndexComponents::components).toList()).as("no component came or went")
                .isEqualTo(before.stream().map(IndexComponents::components).toList());
        long touched = before.stream().flatMap(p -> p.mbrs().stream())
                .filter(mbr -> window.touches(mbr.orElseThrow())).count();
        long components = before.stream().mapToLong(p -> p.components().size()).sum();
        assertThat(reads(after).minus(reads(before))).as("%s over %d components", window, components)
                .isEqualTo(new ReadCounts(2, touched, components - touched));
        return throughIndex;
    }

    private static List<Long> ids(QueryServiceClient client, String query) {
        return client.executeOrThrow("USE " + DATAVERSE + "; " + query).results().stream().map(n -> n.asLong())
                .toList();
    }

    private static List<IndexComponents> rtreePartitions(LsmIntrospectionClient lsm) {
        return lsm.components(DATAVERSE, "Points").stream().filter(p -> p.where().index().equals(INDEX))
                .sorted(Comparator.comparingInt(p -> p.where().partition())).toList();
    }

    private static ReadCounts reads(List<IndexComponents> partitions) {
        return partitions.stream().map(p -> p.reads().orElseThrow()).reduce(ReadCounts.NONE, ReadCounts::plus);
    }

    private record Window(double minX, double minY, double maxX, double maxY) {

        /**
         * Windows outside the MBR (with area: AsterixDB refuses a rectangle without one) that meet it along its whole
         * west, east, south or north edge and nowhere else.
         */
        static List<Window> alongEdgesOf(ComponentMbr mbr) {
            double x1 = mbr.min().get(0);
            double y1 = mbr.min().get(1);
            double x2 = mbr.max().get(0);
            double y2 = mbr.max().get(1);
            return List.of(new Window(x1 - 1, y1 - 1, x1, y2 + 1), new Window(x2, y1 - 1, x2 + 1, y2 + 1),
                    new Window(x1 - 1, y1 - 1, x2 + 1, y1), new Window(x1 - 1, y2, x2 + 1, y2 + 1));
        }

        /** Windows outside the MBR that meet it only at its south-west or its north-east corner. */
        static List<Window> atCornersOf(ComponentMbr mbr) {
            double x1 = mbr.min().get(0);
            double y1 = mbr.min().get(1);
            double x2 = mbr.max().get(0);
            double y2 = mbr.max().get(1);
            return List.of(new Window(x1 - 1, y1 - 1, x1, y1), new Window(x2, y2, x2 + 1, y2 + 1));
        }

        String rectangle() {
            return "create_rectangle(create_point(" + minX + ", " + minY + "), create_point(" + maxX + ", " + maxY
                    + "))";
        }

        /** Eq. 4.1 with closed bounds, written out independently of the engine's code; an empty MBR touches nothing. */
        boolean touches(ComponentMbr mbr) {
            return !mbr.isEmpty() && mbr.min().get(0) <= maxX && minX <= mbr.max().get(0) && mbr.min().get(1) <= maxY
                    && minY <= mbr.max().get(1);
        }
    }
}
