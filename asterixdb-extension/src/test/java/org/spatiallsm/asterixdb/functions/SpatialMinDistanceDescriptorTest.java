package org.spatiallsm.asterixdb.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.runtime.exceptions.TypeMismatchException;
import org.apache.hyracks.algebricks.runtime.base.IScalarEvaluatorFactory;
import org.apache.hyracks.algebricks.runtime.evaluators.ConstantEvalFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.api.IPointable;
import org.apache.hyracks.data.std.primitive.VoidPointable;
import org.junit.jupiter.api.Test;

/**
 * {@code spatial_min_distance} through its evaluator, on serialized values as a query hands them over, without a
 * cluster: points, rectangles (inside, outside, on the edge), NaN, null, missing and the types it refuses.
 */
class SpatialMinDistanceDescriptorTest {

    private static byte[] point(double x, double y) {
        return ByteBuffer.allocate(17).put(ATypeTag.SERIALIZED_POINT_TYPE_TAG).putDouble(x).putDouble(y).array();
    }

    /** Lower-left corner first, as AsterixDB serializes a rectangle. */
    private static byte[] rectangle(double minX, double minY, double maxX, double maxY) {
        return ByteBuffer.allocate(33).put(ATypeTag.SERIALIZED_RECTANGLE_TYPE_TAG).putDouble(minX).putDouble(minY)
                .putDouble(maxX).putDouble(maxY).array();
    }

    private static byte[] circle(double x, double y, double radius) {
        return ByteBuffer.allocate(25).put(ATypeTag.SERIALIZED_CIRCLE_TYPE_TAG).putDouble(x).putDouble(y)
                .putDouble(radius).array();
    }

    private static final byte[] NULL = { ATypeTag.SERIALIZED_NULL_TYPE_TAG };
    private static final byte[] MISSING = { ATypeTag.SERIALIZED_MISSING_TYPE_TAG };

    /** The evaluator's result for the two serialized arguments: its bytes, type tag first. */
    private static IPointable evaluate(byte[] a, byte[] b) throws HyracksDataException {
        IScalarEvaluatorFactory factory = new SpatialMinDistanceDescriptor().createEvaluatorFactory(
                new IScalarEvaluatorFactory[] { new ConstantEvalFactory(a), new ConstantEvalFactory(b) });
        IPointable result = new VoidPointable();
        factory.createScalarEvaluator(null).evaluate(null, result);
        return result;
    }

    private static double distance(byte[] a, byte[] b) throws HyracksDataException {
        IPointable result = evaluate(a, b);
        ByteBuffer bytes = ByteBuffer.wrap(result.getByteArray(), result.getStartOffset(), result.getLength());
        assertThat(bytes.get()).as("a double").isEqualTo(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG);
        assertThat(result.getLength()).isEqualTo(9);
        return bytes.getDouble();
    }

    private static byte tag(IPointable value) {
        return value.getByteArray()[value.getStartOffset()];
    }

    @Test
    void twoPointsAreTheirSpatialDistance() throws HyracksDataException {
        assertThat(distance(point(1, 2), point(4, 6))).isEqualTo(5);
        assertThat(distance(point(-1.5, 0), point(-1.5, 0))).isZero();
        // As spatial_distance computes it: sqrt(pow(dx, 2) + pow(dy, 2)).
        assertThat(distance(point(0.1, 0.2), point(0.4, -0.3))).isEqualTo(Math.sqrt(Math.pow(0.1 - 0.4, 2)
                + Math.pow(0.2 - -0.3, 2)));
    }

    @Test
    void aPointAndARectangleInEitherOrder() throws HyracksDataException {
        byte[] box = rectangle(0, 0, 4, 2);
        assertThat(distance(point(1, 1), box)).as("inside").isZero();
        assertThat(distance(point(4, 1), box)).as("on an edge").isZero();
        assertThat(distance(point(0, 2), box)).as("on a corner").isZero();
        assertThat(distance(point(7, 6), box)).as("beyond a corner").isEqualTo(5);
        assertThat(distance(point(2, -3), box)).as("below an edge").isEqualTo(3);
        assertThat(distance(box, point(-2, 1))).as("rectangle first").isEqualTo(2);
        assertThat(distance(box, point(7, 6))).isEqualTo(distance(point(7, 6), box));
        assertThat(distance(point(3, 3), rectangle(3, 3, 3, 3))).as("a rectangle that is a point").isZero();
    }

    @Test
    void nanAndInfiniteCoordinates() throws HyracksDataException {
        assertThat(distance(point(Double.NaN, 0), point(1, 1))).isNaN();
        assertThat(distance(point(1, 1), point(0, Double.NaN))).isNaN();
        assertThat(distance(point(Double.NaN, 1), rectangle(0, 0, 4, 2))).isNaN();
        assertThat(distance(point(Double.POSITIVE_INFINITY, 1), point(0, 0))).isInfinite();
        assertThat(distance(point(1, 1), rectangle(Double.NEGATIVE_INFINITY, 0, 4, 2))).isZero();
    }

    @Test
    void nullAndMissingGiveNullAndMissing() throws HyracksDataException {
        assertThat(tag(evaluate(NULL, point(1, 1)))).isEqualTo(ATypeTag.SERIALIZED_NULL_TYPE_TAG);
        assertThat(tag(evaluate(rectangle(0, 0, 1, 1), NULL))).isEqualTo(ATypeTag.SERIALIZED_NULL_TYPE_TAG);
        assertThat(tag(evaluate(MISSING, point(1, 1)))).isEqualTo(ATypeTag.SERIALIZED_MISSING_TYPE_TAG);
        assertThat(tag(evaluate(NULL, MISSING))).as("missing wins").isEqualTo(ATypeTag.SERIALIZED_MISSING_TYPE_TAG);
    }

    @Test
    void otherTypesAreTypeErrors() {
        assertThatThrownBy(() -> evaluate(rectangle(0, 0, 1, 1), rectangle(2, 2, 3, 3)))
                .isInstanceOf(TypeMismatchException.class);
        assertThatThrownBy(() -> evaluate(point(0, 0), circle(0, 0, 1))).isInstanceOf(TypeMismatchException.class)
                .hasMessageContaining("circle");
        assertThatThrownBy(() -> evaluate(new byte[] { ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG, 0, 0, 0, 0, 0, 0, 0, 0 },
                point(0, 0))).isInstanceOf(TypeMismatchException.class);
    }
}
