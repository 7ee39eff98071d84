package org.spatiallsm.experiment.bench;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.Function;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.experiment.RecordTransport;
import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.experiment.study.OrganisationStatements;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.SpatialQueries;

/**
 * {@code bench grid-density}'s measurement: on one dataset loaded through a socket feed (as the experiments load),
 * each index built in turn (timed), its size on disk, then circle selects at each radius, index-only and not, and the
 * index's candidates and refined results from the components listing's counters.
 *
 * @param records      records loaded, ids 0 ..
 * @param distribution point distribution of the records, or of their squares' centres
 * @param seed         seed of the records and of the circles
 * @param radii        circle radii of the selects, in degrees
 * @param queries      timed selects per radius and kind
 * @param warmup       untimed selects per radius and kind before the timed ones
 */
public record GridDensityBench(long records, String distribution, long seed, List<Double> radii, int queries,
        int warmup) {

    private static final Duration LSM_TIMEOUT = Duration.ofMinutes(10);

    /** Loads the sweep's dataset once and measures each index; a refused index gets its error in its row. */
    public List<OrganisationRow> run(IndexSweep sweep, String with, boolean keep, List<Organisation> indexes)
            throws Exception {
        RecordGenerator generator = new RecordGenerator(PointDistributions.create(distribution, Map.of(), seed),
                sweep.shape(), seed);
        return sweep.run(with, keep,
                () -> sweep.load(new RecordTransport(true, 1), id -> RecordFormat.ADM.format(generator.record(id)),
                        records),
                indexes, index -> measure(sweep, generator, index), (index, error) -> OrganisationRow.failed(
                        index.label(), error));
    }

    /**
     * CREATE INDEX on the loaded dataset (timed), its size on disk, then the selects at each radius, index-only and
     * not, the first {@code warmup} of each radius untimed; the counters' difference gives the candidates.
     */
    private OrganisationRow measure(IndexSweep sweep, RecordGenerator generator, Organisation index) {
        QueryServiceClient client = sweep.client();
        OrganisationStatements sql = sweep.sql();
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, LSM_TIMEOUT);
        String dataverse = sweep.dataset().dataverse();
        String dataset = sweep.dataset().dataset();
        sweep.progress("%s: CREATE INDEX on %,d records", index.label(), records);
        long start = System.nanoTime();
        client.executeOrThrow(sql.createIndex(index, ""));
        double buildMillis = (System.nanoTime() - start) / 1e6;
        long bytes = lsm.components(dataverse, dataset).stream()
                .filter(c -> !c.primary() && c.where().index().equals(OrganisationStatements.INDEX))
                .mapToLong(GridDensityBench::bytes).sum();
        sweep.progress("%s: built in %.2f s, %,d bytes; %d warm-up and %d timed selects per radius and kind",
                index.label(), buildMillis / 1000, bytes, warmup, queries);
        List<ComponentsListing> before = lsm.typedListings(dataverse, dataset);
        Map<Double, double[]> indexOnly = new LinkedHashMap<>();
        Map<Double, double[]> full = new LinkedHashMap<>();
        Map<Double, Long> results = new LinkedHashMap<>();
        SpatialQueries circles = new SpatialQueries(generator, 0, records, seed);
        for (int r = 0; r < radii.size(); r++) {
            double radius = radii.get(r);
            for (int i = 0; i < warmup + queries; i++) {
                SpatialQueries.Circle circle = circles.circle((long) i * radii.size() + r, radii);
                long queryStart = System.nanoTime();
                long found = count(client, sql.selectIndexOnly(circle));
                double indexOnlyMillis = (System.nanoTime() - queryStart) / 1e6;
                queryStart = System.nanoTime();
                count(client, sql.select(circle));
                double fullMillis = (System.nanoTime() - queryStart) / 1e6;
                if (i >= warmup) {
                    indexOnly.computeIfAbsent(radius, x -> new double[queries])[i - warmup] = indexOnlyMillis;
                    full.computeIfAbsent(radius, x -> new double[queries])[i - warmup] = fullMillis;
                    results.merge(radius, found, Long::sum);
                }
            }
        }
        List<ComponentsListing> after = lsm.typedListings(dataverse, dataset);
        return new OrganisationRow(index.label(), null, buildMillis, bytes, indexOnly, full, results,
                difference(before, after, OrganisationRow::candidates),
                difference(before, after, OrganisationRow::results));
    }

    private static long count(QueryServiceClient client, String query) {
        return client.executeOrThrow(query).results().get(0).asLong();
    }

    private static OptionalLong difference(List<ComponentsListing> before, List<ComponentsListing> after,
            Function<IndexListing, Long> counter) {
        OptionalLong from = OrganisationRow.counter(before, OrganisationStatements.INDEX, counter);
        OptionalLong to = OrganisationRow.counter(after, OrganisationStatements.INDEX, counter);
        return from.isPresent() && to.isPresent() ? OptionalLong.of(to.getAsLong() - from.getAsLong())
                : OptionalLong.empty();
    }

    private static long bytes(IndexComponents index) {
        return index.components().stream().mapToLong(c -> c.bytes()).sum();
    }
}
