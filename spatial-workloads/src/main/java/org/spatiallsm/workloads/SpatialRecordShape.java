package org.spatiallsm.workloads;

import java.util.List;
import java.util.SplittableRandom;

/** The record of Mao's spatial merge-policy study: a unique id, a random 1,000-character string and a point. */
final class SpatialRecordShape implements RecordShape {

    static final int PAYLOAD_LENGTH = 1000;

    @Override
    public String name() {
        return "spatial";
    }

    @Override
    public String description() {
        return "{id: int64, payload: string of 1,000 random characters, loc: point}, about 1 KB (Mao's study)";
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
        return List.of(new Field("id", "int64", true), new Field("payload", "string", true),
                new Field("loc", "point", true));
    }

    @Override
    public Value.Obj build(long id, GeoPoint point, SplittableRandom random) {
        return Value.Obj.builder().put("id", new Value.Int64(id))
                .put("payload", new Value.Text(RecordShape.randomText(random, PAYLOAD_LENGTH)))
                .put("loc", new Value.Point(point)).build();
    }
}
