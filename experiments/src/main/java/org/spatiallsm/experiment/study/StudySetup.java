package org.spatiallsm.experiment.study;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import org.spatiallsm.experiment.ClusterSession;
import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.ConfigurationRun;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.RecordTransport;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;

/** What several studies check and create alike: equal flushes, window selectivities, the point dataset. */
final class StudySetup {

    /** The record type of {@link #createPointDataset}. */
    static final String POINT_TYPE = "PointRecord";
    /** Knob {@code transport}: records through one socket feed per configuration (the fast path)... */
    static final String FEED = "feed";
    /** ...or as batched INSERT statements, of {@code batch} records each. */
    static final String HTTP = "http";

    private StudySetup() {
    }

    /** {@code recordsPerFlush}, checked to divide {@code records}, so that every flush takes the same records. */
    static long equalFlushes(Parameters parameters) {
        long records = parameters.whole("records", 1);
        long perFlush = parameters.whole("recordsPerFlush", 1);
        if (records % perFlush != 0) {
            throw new IllegalArgumentException("parameter records (" + records + ") must be a multiple of "
                    + "recordsPerFlush (" + perFlush + "), so that every flush takes the same number of records");
        }
        return perFlush;
    }

    /** {@code sigmas}: window selectivities 10^-σ per dimension, σ from 0 to 10. */
    static List<Double> sigmas(Parameters parameters) {
        List<Double> sigmas = parameters.numbers("sigmas");
        if (sigmas.stream().anyMatch(sigma -> !(sigma >= 0 && sigma <= 10))) {
            throw new IllegalArgumentException("parameter sigmas takes values from 0 to 10, got "
                    + parameters.text("sigmas"));
        }
        return sigmas;
    }

    /** {@code distributions}: distinct point distributions, each one the generator knows. */
    static List<String> distributions(Parameters parameters) {
        List<String> distributions = parameters.list("distributions");
        if (distributions.isEmpty() || new HashSet<>(distributions).size() < distributions.size()) {
            throw new IllegalArgumentException("parameter distributions must list distinct distributions of "
                    + PointDistributions.names() + ", got '" + parameters.text("distributions") + "'");
        }
        distributions.forEach(distribution -> pointGenerator(distribution, 1));
        return distributions;
    }

    /**
     * The R-tree configuration and the point distribution of a configuration whose id is
     * {@code <R-tree configuration>-<distribution>}.
     */
    record PolicyAndDistribution(SpatialPolicyConfiguration policy, String distribution) {

        static PolicyAndDistribution of(Configuration configuration, Parameters parameters) {
            String distribution = parameters.list("distributions").stream()
                    .filter(d -> configuration.id().endsWith("-" + d)).findFirst()
                    .orElseThrow(() -> new IllegalStateException("not a configuration of this run: "
                            + configuration.id()));
            return new PolicyAndDistribution(SpatialPolicyConfiguration.select(List.of(configuration.id()
                    .substring(0, configuration.id().length() - distribution.length() - 1))).get(0), distribution);
        }
    }

    /**
     * Creates the point dataset with the spatial index {@code indexClause}, then runs {@code loading} with records of
     * {@code points} ({@code recordBytes} each, payloads from {@code seed}) sent as {@code transport} says.
     */
    static void loadPoints(ConfigurationRun run, DatasetName dataset, Parameters parameters,
            String indexClause, RecordGenerator points, RecordTransport.Loading loading) throws Exception {
        createPointDataset(run.cluster(), dataset, indexClause);
        long seed = parameters.whole("seed", Long.MIN_VALUE);
        int recordBytes = parameters.small("recordBytes", Statements.POINT_RECORD_OVERHEAD + 1);
        withTransport(run, dataset, parameters, POINT_TYPE, "id",
                id -> Statements.pointRecord(points, id, recordBytes, seed), loading);
    }

    /** Points of {@code distribution}, the same for the same seed. */
    static RecordGenerator pointGenerator(String distribution, long seed) {
        return new RecordGenerator(PointDistributions.create(distribution, Map.of(), seed),
                RecordShapes.named("point"), seed);
    }

    /** {@code transport}, checked: true for the socket feed. */
    static boolean feedTransport(Parameters parameters) {
        String transport = parameters.text("transport");
        if (!List.of(FEED, HTTP).contains(transport)) {
            throw new IllegalArgumentException("parameter transport must be " + FEED + " or " + HTTP + ", got '"
                    + transport + "'");
        }
        return transport.equals(FEED);
    }

    /**
     * Runs {@code loading} with records sent as {@code transport} says (see {@link RecordTransport}).
     *
     * @param typeName the dataset's record type
     * @param keyField its int64 primary key, which a record's number becomes
     * @param record   the ADM text of record {@code n}, one line
     */
    static void withTransport(ConfigurationRun run, DatasetName dataset, Parameters parameters, String typeName,
            String keyField, LongFunction<String> record, RecordTransport.Loading loading) throws Exception {
        boolean feed = feedTransport(parameters);
        new RecordTransport(feed, feed ? 1 : parameters.small("batch", 1)).with(run.cluster(), dataset, typeName,
                keyField, record, loading);
    }

    /**
     * A dataset of point records (an id, the point "location" and a payload) under the studies' primary policy,
     * with the spatial index {@link Statements#RTREE} on the point: {@code indexClause} is what follows the field in
     * its CREATE INDEX, e.g. {@link SpatialPolicyConfiguration#indexClause}.
     */
    static void createPointDataset(ClusterSession cluster, DatasetName dataset, String indexClause) {
        cluster.client().executeOrThrow("USE " + Sqlpp.identifier(dataset.dataverse())
                + "; CREATE TYPE " + POINT_TYPE + " IF NOT EXISTS AS { id: int64, location: point, payload: string }; "
                + "CREATE DATASET " + Sqlpp.identifier(dataset.dataset()) + "(" + POINT_TYPE + ") PRIMARY KEY id WITH "
                + Statements.STUDIES_PRIMARY_POLICY + "; CREATE INDEX " + Statements.RTREE + " ON "
                + Sqlpp.identifier(dataset.dataset()) + "(location) " + indexClause + ";");
    }
}
