package org.spatiallsm.experiment.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.experiment.RecordTransport;
import org.spatiallsm.experiment.SearchCounters;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.experiment.study.KnnStudy;
import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.experiment.study.OrganisationStatements;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * {@code bench knn}'s measurement: the knn study's statements ({@code ORDER BY spatial_distance(p.loc, <point>), p.id
 * LIMIT k}, its query points of round 1, its ks) on one loaded dataset whose points are the study's for the same
 * distribution and seed, for each index in turn and each plan. It runs against any endpoint, stock AsterixDB 0.9.8
 * included: where the nodes have no spatial-lsm introspection the counters are not counted.
 *
 * @param records      records loaded, ids 0 ..
 * @param distribution point distribution of the records and of the query points
 * @param seed         seed of the records and of the query points
 * @param ks           numbers of neighbours
 * @param queries      timed query points per k, plan and index
 * @param warmup       untimed query points per k, plan and index before the timed ones (other points)
 * @param plans        the plans measured on each index, in this order
 * @param transport    how the records are loaded, or null for LOAD DATASET from a file (stock AsterixDB has no
 *                     spatial-lsm feed adapter)
 */
public record KnnBench(long records, String distribution, long seed, List<Integer> ks, int queries, int warmup,
        List<Plan> plans, RecordTransport transport) {

    private static final Duration LSM_TIMEOUT = Duration.ofMinutes(10);
    /** A counter the cluster does not count (stock AsterixDB, or an index without it). */
    public static final long NOT_COUNTED = -1;

    /** How a kNN statement is sent. */
    public enum Plan {
        /** The statement as written: spatial-lsm answers it with its kNN search, stock AsterixDB scans and sorts. */
        AS_WRITTEN("as-written"),
        /** Preceded by {@code SET `spatial-lsm.knn` "false"}: spatial-lsm scans and sorts too (not for stock). */
        SCAN("scan");

        private final String id;

        Plan(String id) {
            this.id = id;
        }

        public String id() {
            return id;
        }

        public static Plan named(String id) {
            for (Plan plan : values()) {
                if (plan.id.equals(id)) {
                    return plan;
                }
            }
            throw new IllegalArgumentException("unknown plan '" + id + "' (known: as-written, scan)");
        }
    }

    /**
     * One timed query: its latency as the client sees it, the ids it answered, and the differences of the index's
     * counters over all partitions ({@link #NOT_COUNTED} where the cluster does not count them).
     */
    public record Sample(int k, int query, double millis, List<Long> ids, long opened, long skipped, long pagesRead,
            long entriesRead) {
    }

    /**
     * One index and plan: its timed queries, in the order k, then query point.
     *
     * @param error the index's one-line error, or null
     */
    public record Column(String index, String plan, String error, List<Sample> samples) {
    }

    /** Loads the sweep's dataset once and queries on each index; a refused index gets its error in its columns. */
    public List<Column> run(IndexSweep sweep, String with, boolean keep, List<Organisation> indexes)
            throws Exception {
        RecordGenerator generator = new RecordGenerator(PointDistributions.create(distribution, Map.of(), seed),
                sweep.shape(), seed);
        LongFunction<String> record = id -> RecordFormat.ADM.format(generator.record(id));
        List<List<Column>> perIndex = sweep.run(with, keep, () -> transport == null
                ? sweep.loadFile(record, records) : sweep.load(transport, record, records),
                indexes, index -> measure(sweep, index), (index, error) -> plans.stream()
                        .map(plan -> new Column(index.label(), plan.id(), error, List.of())).toList());
        return perIndex.stream().flatMap(List::stream).toList();
    }

    /**
     * CREATE INDEX on the loaded dataset, then per k the query points, each through every plan in turn; the first
     * {@code warmup} points of each k are others than the timed ones and untimed.
     */
    private List<Column> measure(IndexSweep sweep, Organisation index) {
        sweep.progress("%s: CREATE INDEX on %,d records", index.label(), records);
        sweep.client().executeOrThrow(sweep.sql().createIndex(index, ""));
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(sweep.client(), LSM_TIMEOUT);
        boolean counted = introspected(sweep, lsm);
        sweep.progress("%s: %d untimed and %d timed query points per k and plan; counters %s", index.label(), warmup,
                queries, counted ? "from the components listing" : "not available (no spatial-lsm introspection)");
        List<List<Sample>> samples = new ArrayList<>();
        plans.forEach(plan -> samples.add(new ArrayList<>()));
        for (int k : ks) {
            for (int i = 0; i < warmup + queries; i++) {
                boolean timed = i >= warmup;
                // The knn study's points of its first round; the warm-up takes the points after the timed ones.
                int number = timed ? i - warmup : queries + i;
                GeoPoint point = KnnStudy.queryPoint(distribution, seed, 1, number);
                for (int p = 0; p < plans.size(); p++) {
                    String statement = Statements.nearest(sweep.dataset(), sweep.shape().pointField(), point, k,
                            plans.get(p) == Plan.AS_WRITTEN);
                    SearchCounters before = counted ? counters(sweep, lsm) : null;
                    long start = System.nanoTime();
                    List<JsonNode> rows = sweep.client().executeOrThrow(statement).results();
                    double millis = (System.nanoTime() - start) / 1e6;
                    SearchCounters after = counted ? counters(sweep, lsm) : null;
                    if (timed) {
                        samples.get(p).add(sample(k, number, millis, rows, before, after));
                    }
                }
            }
        }
        List<Column> columns = new ArrayList<>();
        for (int p = 0; p < plans.size(); p++) {
            columns.add(new Column(index.label(), plans.get(p).id(), null, samples.get(p)));
        }
        return columns;
    }

    private static Sample sample(int k, int query, double millis, List<JsonNode> rows, SearchCounters before,
            SearchCounters after) {
        List<Long> ids = rows.stream().map(row -> row.path("id").asLong()).toList();
        if (before == null) {
            return new Sample(k, query, millis, ids, NOT_COUNTED, NOT_COUNTED, NOT_COUNTED, NOT_COUNTED);
        }
        return new Sample(k, query, millis, ids, after.openedSince(before).orElse(NOT_COUNTED),
                after.skippedSince(before).orElse(NOT_COUNTED), after.pagesReadSince(before).orElse(NOT_COUNTED),
                after.entriesReadSince(before).orElse(NOT_COUNTED));
    }

    /** Whether the nodes answer spatial-lsm's components listing: stock AsterixDB's do not. */
    private static boolean introspected(IndexSweep sweep, LsmIntrospectionClient lsm) {
        try {
            counters(sweep, lsm);
            return true;
        } catch (RuntimeException e) {
            return false;
        }
    }

    /** The measured index's counters, summed over every node. */
    private static SearchCounters counters(IndexSweep sweep, LsmIntrospectionClient lsm) {
        List<ComponentsListing> listings = lsm.typedListings(sweep.dataset().dataverse(), sweep.dataset().dataset());
        return SearchCounters.of(listings, OrganisationStatements.INDEX);
    }
}
