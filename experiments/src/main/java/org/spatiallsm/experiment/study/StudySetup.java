package org.spatiallsm.experiment.study;

import java.util.List;

import org.spatiallsm.experiment.ClusterSession;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Sqlpp;

/** What several studies check and create alike: equal flushes, window selectivities, the point dataset. */
final class StudySetup {

    /** The record type of {@link #createPointDataset}. */
    static final String POINT_TYPE = "PointRecord";

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

    /**
     * A dataset of point records (an id, the point "location" and a payload) under the studies' primary policy,
     * with the R-tree {@link Statements#RTREE} on the point created {@code WITH rtreeWith}.
     */
    static void createPointDataset(ClusterSession cluster, DatasetName dataset, String rtreeWith) {
        cluster.client().executeOrThrow("USE " + Sqlpp.identifier(dataset.dataverse())
                + "; CREATE TYPE " + POINT_TYPE + " IF NOT EXISTS AS { id: int64, location: point, payload: string }; "
                + "CREATE DATASET " + Sqlpp.identifier(dataset.dataset()) + "(" + POINT_TYPE + ") PRIMARY KEY id WITH "
                + Statements.STUDIES_PRIMARY_POLICY + "; CREATE INDEX " + Statements.RTREE + " ON "
                + Sqlpp.identifier(dataset.dataset()) + "(location) TYPE RTREE WITH " + rtreeWith + ";");
    }
}
