package org.spatiallsm.workloads;

import java.util.List;
import java.util.SplittableRandom;

/** The smallest spatial record, an id and a point: for loads where record size should not matter. */
final class PointRecordShape implements RecordShape {

    @Override
    public String name() {
        return "point";
    }

    @Override
    public String description() {
        return "{id: int64, loc: point}, about 50 bytes";
    }

    @Override
    public String idField() {
        return "id";
    }

    @Override
    public String pointField() {
        return "loc";
    }

    @Override
    public List<Field> fields() {
        return List.of(new Field("id", "int64", true), new Field("loc", "point", true));
    }

    @Override
    public Value.Obj build(long id, GeoPoint point, SplittableRandom random) {
        return Value.Obj.builder().put("id", new Value.Int64(id)).put("loc", new Value.Point(point)).build();
    }
}
