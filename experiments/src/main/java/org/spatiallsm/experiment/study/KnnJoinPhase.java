package org.spatiallsm.experiment.study;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.spatiallsm.experiment.ConfigurationRun;
import org.spatiallsm.experiment.CsvFile;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.RecordGenerator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

/**
 * {@link KnnStudy}'s kNN join: for each record of an outer dataset of points, the {@code joinK} nearest records of
 * the study's dataset, written as a correlated subquery, through one kNN search per outer record against the plan
 * AsterixDB picks without it (a nested-loop join of every pair, sorted; {@code spatial-lsm.knn} off), for each
 * outer size of {@code joinOuter} (none when empty). Each plan's time, the index's kNN counters (searches, disk
 * components opened and skipped, entries visited; summed over its partitions) and the pages the dataset's indexes
 * read go to {@value #FILE}. The first {@value #CHECKED_OUTER} outer records' lists must equal the
 * single kNN query's through the scan; AsterixDB's own plan's answer (0.9.8: {@code []} for every outer record) is
 * not compared.
 */
final class KnnJoinPhase {

    static final String FILE = "knn-join.csv";
    static final List<String> COLUMNS = List.of("phase", "records", "outer", "k", "plan", "latency_ms",
            "knn_searches", "knn_components_opened", "knn_components_skipped", "knn_entries_visited", "pages_read");
    private static final String OUTER_TYPE = "KnnJoinOuter";
    /** The outer records whose lists are checked against the scan, one query each. */
    private static final int CHECKED_OUTER = 5;

    private KnnJoinPhase() {
    }

    /** The join's knobs: no outer sizes (no join) and k = 10 at every scale, the join being slow without the index. */
    static void preset(Map<String, String> preset) {
        preset.put("joinOuter", "");
        preset.put("joinK", "10");
    }

    /** The outer sizes of {@code joinOuter}: distinct whole numbers of at least 1, or none. */
    static List<Integer> outerSizes(Parameters parameters) {
        List<Integer> sizes = new ArrayList<>();
        for (String size : parameters.list("joinOuter")) {
            int value = size.matches("[0-9]{1,7}") ? Integer.parseInt(size) : 0;
            if (value < 1 || sizes.contains(value)) {
                throw new IllegalArgumentException("parameter joinOuter must list distinct whole numbers from 1 to "
                        + "9,999,999, got '" + parameters.text("joinOuter") + "'");
            }
            sizes.add(value);
        }
        parameters.small("joinK", 1);
        return sizes;
    }

    /** Runs the joins of one round on {@code dataset}, which holds {@code records} records. */
    static void run(ConfigurationRun run, DatasetName dataset, Parameters parameters, String distribution,
            String phase, long records) throws IOException {
        List<Integer> sizes = outerSizes(parameters);
        int k = parameters.small("joinK", 1);
        CsvFile table = run.studyFile(FILE, COLUMNS);
        // Outer points from the data's distribution, but not the data's points.
        RecordGenerator at = StudySetup.pointGenerator(distribution, parameters.whole("seed", Long.MIN_VALUE) - 1);
        for (int size : sizes) {
            DatasetName outer = new DatasetName(dataset.dataverse(), dataset.dataset() + "_outer" + size);
            createOuter(run, outer, at, size);
            String join = String.format(Locale.ROOT, "SELECT o.id, (SELECT VALUE p.id FROM %s p ORDER BY "
                    + "spatial_distance(p.location, o.location), p.id LIMIT %d) AS nearest FROM %s o ORDER BY o.id;",
                    dataset.sql(), k, outer.sql());
            List<JsonNode> throughIndex = timed(run, table, dataset, phase, records, size, k, "knn-search", join);
            // AsterixDB's own plan, timed only: in 0.9.8 it answers [] for every outer record (docs/queries.md).
            timed(run, table, dataset, phase, records, size, k, "nested-loop", "SET `spatial-lsm.knn` \"false\"; "
                    + join);
            for (int id = 0; id < Math.min(size, CHECKED_OUTER); id++) {
                GeoPoint point = at.point(id);
                List<JsonNode> scanned = run.cluster().client().executeOrThrow(String.format(Locale.ROOT,
                        "SET `spatial-lsm.knn` \"false\"; SELECT VALUE p.id FROM %s p ORDER BY spatial_distance("
                        + "p.location, create_point(%s, %s)), p.id LIMIT %d;", dataset.sql(),
                        Double.toString(point.lon()), Double.toString(point.lat()), k)).results();
                if (!throughIndex.get(id).path("nearest").equals(new ArrayNode(JsonNodeFactory.instance, scanned))) {
                    throw new IllegalStateException("the kNN join through the index disagrees with the scan's kNN "
                            + "query for outer record " + id + " of " + size + ", k = " + k);
                }
            }
            run.cluster().client().executeOrThrow("DROP DATASET " + outer.sql() + ";");
        }
    }

    private static void createOuter(ConfigurationRun run, DatasetName outer, RecordGenerator at, int size) {
        List<String> records = new ArrayList<>();
        for (int id = 0; id < size; id++) {
            GeoPoint point = at.point(id);
            records.add(String.format(Locale.ROOT, "{\"id\": %d, \"location\": create_point(%s, %s)}", id,
                    Double.toString(point.lon()), Double.toString(point.lat())));
        }
        run.cluster().client().executeOrThrow("USE " + Sqlpp.identifier(outer.dataverse()) + "; CREATE TYPE "
                + OUTER_TYPE + " IF NOT EXISTS AS { id: int64, location: point }; CREATE DATASET "
                + Sqlpp.identifier(outer.dataset()) + "(" + OUTER_TYPE + ") PRIMARY KEY id; INSERT INTO "
                + outer.sql() + " ([" + String.join(", ", records) + "]);");
    }

    private static List<JsonNode> timed(ConfigurationRun run, CsvFile table, DatasetName dataset, String phase,
            long records, int size, int k, String plan, String statement) throws IOException {
        long[] before = counters(run, dataset);
        long start = System.nanoTime();
        List<JsonNode> results = run.cluster().client().executeOrThrow(statement).results();
        double latency = (System.nanoTime() - start) / 1e6;
        long[] after = counters(run, dataset);
        Object[] row = new Object[COLUMNS.size()];
        Object[] first = { phase, records, size, k, plan, latency };
        System.arraycopy(first, 0, row, 0, first.length);
        for (int i = 0; i < after.length; i++) {
            row[first.length + i] = after[i] - before[i];
        }
        table.row(row);
        return results;
    }

    /**
     * The study's index's kNN searches, components opened and skipped, and entries visited, then the pages all the
     * dataset's indexes read, summed over the partitions.
     */
    private static long[] counters(ConfigurationRun run, DatasetName dataset) {
        long[] sums = new long[5];
        for (ComponentsListing node : run.cluster().lsm().typedListings(dataset.dataverse(), dataset.dataset())) {
            node.indexes().forEach(index -> {
                if (index.index().equals(Statements.RTREE)) {
                    sums[0] += orZero(index.knnSearches());
                    sums[1] += orZero(index.knnComponentsOpened());
                    sums[2] += orZero(index.knnComponentsSkipped());
                    sums[3] += orZero(index.knnEntriesVisited());
                }
                sums[4] += orZero(index.pagesRead());
            });
        }
        return sums;
    }

    private static long orZero(Long counter) {
        return counter == null ? 0 : counter;
    }
}
