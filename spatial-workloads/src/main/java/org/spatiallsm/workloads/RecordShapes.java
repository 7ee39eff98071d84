package org.spatiallsm.workloads;

import java.util.List;

/** The catalogue of record shapes by name. */
public final class RecordShapes {

    public static final List<RecordShape> ALL = List.of(new PointRecordShape(), new SpatialRecordShape(),
            TweetRecordShape.POINTS, new TweetRecordShape(KimSquares.HOUSE), new TweetRecordShape(KimSquares.LAKE));

    private RecordShapes() {
    }

    public static RecordShape named(String name) {
        return ALL.stream().filter(s -> s.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown record shape '" + name + "' (known: "
                        + String.join(", ", names()) + ")"));
    }

    public static List<String> names() {
        return ALL.stream().map(RecordShape::name).toList();
    }
}
