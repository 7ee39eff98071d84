package org.spatiallsm.asterixdb.functions;

import java.io.DataOutput;
import java.io.IOException;

import org.apache.asterix.common.annotations.MissingNullInOutFunction;
import org.apache.asterix.dataflow.data.nontagged.Coordinate;
import org.apache.asterix.dataflow.data.nontagged.serde.ADoubleSerializerDeserializer;
import org.apache.asterix.dataflow.data.nontagged.serde.APointSerializerDeserializer;
import org.apache.asterix.dataflow.data.nontagged.serde.ARectangleSerializerDeserializer;
import org.apache.asterix.om.functions.IFunctionDescriptorFactory;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.runtime.evaluators.base.AbstractScalarFunctionDynamicDescriptor;
import org.apache.asterix.runtime.evaluators.functions.PointableHelper;
import org.apache.asterix.runtime.exceptions.TypeMismatchException;
import org.apache.hyracks.algebricks.core.algebra.functions.FunctionIdentifier;
import org.apache.hyracks.algebricks.runtime.base.IEvaluatorContext;
import org.apache.hyracks.algebricks.runtime.base.IScalarEvaluator;
import org.apache.hyracks.algebricks.runtime.base.IScalarEvaluatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.api.IPointable;
import org.apache.hyracks.data.std.primitive.VoidPointable;
import org.apache.hyracks.data.std.util.ArrayBackedValueStorage;
import org.apache.hyracks.dataflow.common.data.accessors.IFrameTupleReference;
import org.spatiallsm.partitioning.knn.BestFirstKnn;
import org.spatiallsm.partitioning.pruning.Box;

/**
 * {@code spatial_min_distance(a, b)}: the distance between a point and a point or a rectangle, 0 when the point is
 * inside the rectangle or on its edge (either argument order). For two points it equals {@code spatial_distance}.
 * Null or missing in, null or missing out; anything else is a type error. Computed as a kNN search of an R-tree
 * computes an entry's distance ({@link BestFirstKnn#minDistance}), so that an index's answer equals the scan's.
 */
@MissingNullInOutFunction
public final class SpatialMinDistanceDescriptor extends AbstractScalarFunctionDynamicDescriptor {

    private static final long serialVersionUID = 1L;

    public static final FunctionIdentifier ID = SpatialFunctions.SPATIAL_MIN_DISTANCE;
    public static final IFunctionDescriptorFactory FACTORY = SpatialMinDistanceDescriptor::new;

    @Override
    public FunctionIdentifier getIdentifier() {
        return ID;
    }

    @Override
    public IScalarEvaluatorFactory createEvaluatorFactory(IScalarEvaluatorFactory[] args) {
        return new IScalarEvaluatorFactory() {
            private static final long serialVersionUID = 1L;

            @Override
            public IScalarEvaluator createScalarEvaluator(IEvaluatorContext ctx) throws HyracksDataException {
                return new Evaluator(args[0].createScalarEvaluator(ctx), args[1].createScalarEvaluator(ctx));
            }
        };
    }

    private final class Evaluator implements IScalarEvaluator {
        private final IScalarEvaluator first;
        private final IScalarEvaluator second;
        private final IPointable firstValue = new VoidPointable();
        private final IPointable secondValue = new VoidPointable();
        private final ArrayBackedValueStorage storage = new ArrayBackedValueStorage();
        private final DataOutput out = storage.getDataOutput();

        Evaluator(IScalarEvaluator first, IScalarEvaluator second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public void evaluate(IFrameTupleReference tuple, IPointable result) throws HyracksDataException {
            first.evaluate(tuple, firstValue);
            second.evaluate(tuple, secondValue);
            if (PointableHelper.checkAndSetMissingOrNull(result, firstValue, secondValue)) {
                return;
            }
            byte firstTag = firstValue.getByteArray()[firstValue.getStartOffset()];
            byte secondTag = secondValue.getByteArray()[secondValue.getStartOffset()];
            boolean pointFirst = firstTag == ATypeTag.SERIALIZED_POINT_TYPE_TAG;
            IPointable point = pointFirst ? firstValue : secondValue;
            IPointable shape = pointFirst ? secondValue : firstValue;
            if (!pointFirst && secondTag != ATypeTag.SERIALIZED_POINT_TYPE_TAG) {
                throw new TypeMismatchException(sourceLoc, ID, 1, secondTag, ATypeTag.SERIALIZED_POINT_TYPE_TAG);
            }
            byte shapeTag = pointFirst ? secondTag : firstTag;
            if (shapeTag != ATypeTag.SERIALIZED_POINT_TYPE_TAG && shapeTag != ATypeTag.SERIALIZED_RECTANGLE_TYPE_TAG) {
                throw new TypeMismatchException(sourceLoc, ID, pointFirst ? 1 : 0, shapeTag,
                        ATypeTag.SERIALIZED_POINT_TYPE_TAG, ATypeTag.SERIALIZED_RECTANGLE_TYPE_TAG);
            }
            double distance = BestFirstKnn.minDistance(box(shape, shapeTag), coordinate(point,
                    APointSerializerDeserializer.getCoordinateOffset(Coordinate.X)),
                    coordinate(point, APointSerializerDeserializer.getCoordinateOffset(Coordinate.Y)));
            storage.reset();
            try {
                out.writeByte(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG);
                out.writeDouble(distance);
            } catch (IOException e) {
                throw HyracksDataException.create(e);
            }
            result.set(storage);
        }
    }

    /** A point is the box of its one corner; a rectangle is its two corners, lower left first. */
    private static Box box(IPointable shape, byte tag) throws HyracksDataException {
        if (tag == ATypeTag.SERIALIZED_POINT_TYPE_TAG) {
            double x = coordinate(shape, APointSerializerDeserializer.getCoordinateOffset(Coordinate.X));
            double y = coordinate(shape, APointSerializerDeserializer.getCoordinateOffset(Coordinate.Y));
            return Box.of(new double[] { x, y }, new double[] { x, y });
        }
        return Box.of(
                new double[] { coordinate(shape, ARectangleSerializerDeserializer.getBottomLeftCoordinateOffset(
                        Coordinate.X)), coordinate(shape, ARectangleSerializerDeserializer
                                .getBottomLeftCoordinateOffset(Coordinate.Y)) },
                new double[] { coordinate(shape, ARectangleSerializerDeserializer.getUpperRightCoordinateOffset(
                        Coordinate.X)), coordinate(shape, ARectangleSerializerDeserializer
                                .getUpperRightCoordinateOffset(Coordinate.Y)) });
    }

    /** The double at {@code offset} after the value's type tag. */
    private static double coordinate(IPointable value, int offset) {
        return ADoubleSerializerDeserializer.getDouble(value.getByteArray(), value.getStartOffset() + 1 + offset);
    }
}
