package org.spatiallsm.workloads;

/**
 * How a generated query becomes one line: as an ADM or JSON record describing it (for a harness to read), or as a
 * ready-to-run SQL++ statement that counts the records intersecting it, the form Mao and Kim measured.
 */
public enum QueryFormat {
    ADM, JSON, SQLPP;

    /**
     * @param dataset    the dataset to query, possibly qualified ({@code Geo.Points}); used by SQLPP only
     * @param pointField the indexed point field; used by SQLPP only
     */
    public String rectangle(long q, SpatialQueries.Rectangle query, String dataset, String pointField) {
        GeoRect w = query.window();
        if (this == SQLPP) {
            return count(dataset, pointField, "create_rectangle(create_point(" + RecordFormat.number(w.minLon())
                    + ", " + RecordFormat.number(w.minLat()) + "), create_point(" + RecordFormat.number(w.maxLon())
                    + ", " + RecordFormat.number(w.maxLat()) + "))");
        }
        return recordFormat().format(Value.Obj.builder().put("qid", new Value.Int64(q))
                .put("centre-id", new Value.Int64(query.centreId())).put("centre", new Value.Point(query.centre()))
                .put("sigma", new Value.Real(query.sigma())).put("window", new Value.Rectangle(w)).build());
    }

    public String circle(long q, SpatialQueries.Circle query, String dataset, String pointField) {
        GeoPoint c = query.centre();
        if (this == SQLPP) {
            return count(dataset, pointField, "create_circle(create_point(" + RecordFormat.number(c.lon()) + ", "
                    + RecordFormat.number(c.lat()) + "), " + RecordFormat.number(query.radius()) + ")");
        }
        return recordFormat().format(Value.Obj.builder().put("qid", new Value.Int64(q))
                .put("centre-id", new Value.Int64(query.centreId())).put("centre", new Value.Point(c))
                .put("radius", new Value.Real(query.radius())).build());
    }

    private RecordFormat recordFormat() {
        return this == ADM ? RecordFormat.ADM : RecordFormat.JSON;
    }

    /** COUNT(*) over spatial_intersect, which AsterixDB answers from an R-tree on the field when there is one. */
    private static String count(String dataset, String pointField, String shape) {
        return "SELECT VALUE COUNT(*) FROM " + dataset + " AS t WHERE spatial_intersect(t.`" + pointField + "`, "
                + shape + ");";
    }
}
