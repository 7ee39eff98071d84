package org.spatiallsm.workloads;

import java.util.SplittableRandom;

/**
 * Records of one shape with points from one distribution. Record {@code id} is a pure function of (seed, id): the
 * point comes first from the record's random stream, then the other fields.
 */
public final class RecordGenerator {

    private final PointDistribution points;
    private final RecordShape shape;
    private final long seed;

    public RecordGenerator(PointDistribution points, RecordShape shape, long seed) {
        this.points = points;
        this.shape = shape;
        this.seed = seed;
    }

    public RecordShape shape() {
        return shape;
    }

    public Value.Obj record(long id) {
        SplittableRandom random = Seeds.forItem(seed, id);
        return shape.build(id, points.sample(random), random);
    }

    /** The point of record {@code id}, without building the rest of it. */
    public GeoPoint point(long id) {
        return points.sample(Seeds.forItem(seed, id));
    }
}
