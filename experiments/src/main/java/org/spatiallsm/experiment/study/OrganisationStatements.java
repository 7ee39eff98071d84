package org.spatiallsm.experiment.study;

import java.util.Locale;

import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.SpatialQueries;

/**
 * The SQL++ of Kim's static workload on a dataset of tweets (points) or of tweets with a square area (non-point):
 * circle selects, index-only or not, and index nested-loop joins of circles around a range of records. Used by the
 * index-organisations and non-point studies and by {@code bench grid-density}.
 */
public final class OrganisationStatements {

    /** The measured secondary index's name. */
    public static final String INDEX = "spatialIndex";
    /** Kim's non-index-only predicate: a non-indexed field, true for every record. */
    private static final String EXTRA_FIELD_PREDICATE = "`btree-extra-field1` <= 2147483647";
    /** Longitude span times latitude span of the whole globe, in square degrees. */
    private static final double GLOBE_AREA = 360.0 * 180.0;

    private final DatasetName dataset;
    private final RecordShape shape;
    private final boolean nonPoint;

    /** @param nonPoint the spatial field is a rectangle, whose centre the joins' circles are drawn around */
    public OrganisationStatements(DatasetName dataset, RecordShape shape, boolean nonPoint) {
        this.dataset = dataset;
        this.shape = shape;
        this.nonPoint = nonPoint;
    }

    /** CREATE INDEX of the measured index, with {@code with} (a WITH record, or "" for none). */
    public String createIndex(Organisation organisation, String with) {
        return "CREATE INDEX " + INDEX + " ON " + dataset.sql() + "(" + Sqlpp.identifier(shape.pointField()) + ") "
                + organisation.clause() + (with.isEmpty() ? "" : " WITH " + with) + ";";
    }

    public String dropIndex() {
        return "DROP INDEX " + dataset.sql() + "." + INDEX + " IF EXISTS;";
    }

    /** How many records intersect the circle, reading only the key: an index-only plan where one exists. */
    public String selectIndexOnly(SpatialQueries.Circle circle) {
        return "SET `compiler.indexonly` \"true\"; SELECT VALUE COUNT(t." + Sqlpp.identifier(shape.idField())
                + ") FROM " + dataset.sql() + " t WHERE " + intersects(circle) + ";";
    }

    /** The same count, with a predicate on a non-indexed field: never index-only, every candidate is fetched. */
    public String select(SpatialQueries.Circle circle) {
        return "SELECT VALUE COUNT(t." + Sqlpp.identifier(shape.idField()) + ") FROM " + dataset.sql()
                + " t WHERE " + intersects(circle) + " AND t." + EXTRA_FIELD_PREDICATE + ";";
    }

    private String intersects(SpatialQueries.Circle circle) {
        return String.format(Locale.ROOT, "spatial_intersect(t.%s, create_circle(create_point(%s, %s), %s))",
                Sqlpp.identifier(shape.pointField()), circle.centre().lon(), circle.centre().lat(), circle.radius());
    }

    /**
     * The pairs of an index nested-loop join: the records with ids {@code firstOuter .. firstOuter + outerCount - 1}
     * (Kim's protocol: a range of ids, which 0.9.8 reads with a primary-index range search; points do not depend on
     * ids, so a range is as random as any set) each probe the index with a circle of {@code radius} around itself.
     */
    public String join(long firstOuter, int outerCount, double radius) {
        String id = "o." + Sqlpp.identifier(shape.idField());
        return String.format(Locale.ROOT, "SELECT VALUE COUNT(*) FROM %1$s o, %1$s i WHERE %2$s >= %3$d AND "
                + "%2$s < %4$d AND /*+ indexnl */ spatial_intersect(i.%5$s, create_circle(%6$s, %7$s));",
                dataset.sql(), id, firstOuter, firstOuter + outerCount, Sqlpp.identifier(shape.pointField()),
                centre("o." + Sqlpp.identifier(shape.pointField())), radius);
    }

    /** The point a join circle is centred on: the point itself, or the centre of a square. */
    private String centre(String field) {
        if (!nonPoint) {
            return field;
        }
        return String.format(Locale.ROOT, "create_point((get_x(get_points(%1$s)[0]) + get_x(get_points(%1$s)[1]))"
                + " / 2, (get_y(get_points(%1$s)[0]) + get_y(get_points(%1$s)[1])) / 2)", field);
    }

    /**
     * The selectivity σ of a circle of {@code radius} degrees, as the window studies define it: the window of σ
     * covers 10^-2σ of the globe's area, so the circle's σ is that of the window with the circle's area.
     */
    public static double circleSigma(double radius) {
        return -Math.log10(Math.PI * radius * radius / GLOBE_AREA) / 2;
    }
}
