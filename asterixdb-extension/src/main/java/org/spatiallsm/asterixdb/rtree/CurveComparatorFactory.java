package org.spatiallsm.asterixdb.rtree;

import org.apache.hyracks.api.dataflow.value.ILinearizeComparator;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.spatiallsm.curves.CurveOrder;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * An R-tree comparator by one of AsterixDB 0.9.8's curve orders, computed by {@link CurveOrder}: exactly 0.9.8's
 * order, much faster. Like 0.9.8's comparators it reads coordinate i of a key at {@code start + i * fieldLength}
 * (callers skip the type tag), and it is persisted exactly as 0.9.8's factory is (registry id and {@code "dim"}), so
 * an index's {@code .metadata} reads the same to spatial-lsm and to stock 0.9.8: see
 * {@code SpatialPersistedResourceRegistry}.
 */
public abstract class CurveComparatorFactory implements ILinearizeComparatorFactory {
    private static final long serialVersionUID = 1L;

    private final int dimensions;

    protected CurveComparatorFactory(int dimensions) {
        this.dimensions = dimensions;
    }

    public int dimensions() {
        return dimensions;
    }

    protected abstract CurveOrder order();

    @Override
    public ILinearizeComparator createBinaryComparator() {
        CurveOrder order = order();
        double[] a = new double[dimensions];
        double[] b = new double[dimensions];
        return new ILinearizeComparator() {
            @Override
            public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
                switch (dimensions) {
                    case 2:
                        return order.compare(coordinate(b1, s1, l1, 0), coordinate(b1, s1, l1, 1),
                                coordinate(b2, s2, l2, 0), coordinate(b2, s2, l2, 1));
                    case 3:
                        return order.compare(coordinate(b1, s1, l1, 0), coordinate(b1, s1, l1, 1),
                                coordinate(b1, s1, l1, 2), coordinate(b2, s2, l2, 0), coordinate(b2, s2, l2, 1),
                                coordinate(b2, s2, l2, 2));
                    case 4:
                        return order.compare(coordinate(b1, s1, l1, 0), coordinate(b1, s1, l1, 1),
                                coordinate(b1, s1, l1, 2), coordinate(b1, s1, l1, 3), coordinate(b2, s2, l2, 0),
                                coordinate(b2, s2, l2, 1), coordinate(b2, s2, l2, 2), coordinate(b2, s2, l2, 3));
                    default:
                        break;
                }
                for (int i = 0; i < dimensions; i++) {
                    a[i] = coordinate(b1, s1, l1, i);
                    b[i] = coordinate(b2, s2, l2, i);
                }
                return order.compare(a, b);
            }

            @Override
            public int getDimensions() {
                return dimensions;
            }
        };
    }

    /** Coordinate {@code i} of the key at {@code start}, laid out as 0.9.8's comparators read it. */
    private static double coordinate(byte[] bytes, int start, int fieldLength, int i) {
        return DoublePointable.getDouble(bytes, start + i * fieldLength);
    }

    @Override
    public JsonNode toJson(IPersistedResourceRegistry registry) throws HyracksDataException {
        ObjectNode json = registry.getClassIdentifier(getClass(), serialVersionUID);
        json.put("dim", dimensions); // 0.9.8's field name
        return json;
    }

    /** 0.9.8's {@code HilbertDoubleComparatorFactory} order (2-D), fast. */
    public static final class Hilbert extends CurveComparatorFactory {
        private static final long serialVersionUID = 1L;

        public Hilbert(int dimensions) {
            super(dimensions);
            if (dimensions != 2) {
                throw new IllegalArgumentException("the Hilbert order supports 2-D keys only, not " + dimensions);
            }
        }

        @Override
        protected CurveOrder order() {
            return CurveOrder.hilbert();
        }

        public static Hilbert fromJson(IPersistedResourceRegistry registry, JsonNode json) {
            return new Hilbert(json.get("dim").asInt());
        }
    }

    /** 0.9.8's {@code ZCurveDoubleComparatorFactory} order, fast. */
    public static final class ZOrder extends CurveComparatorFactory {
        private static final long serialVersionUID = 1L;

        public ZOrder(int dimensions) {
            super(dimensions);
            CurveOrder.zOrder(dimensions); // rejects impossible dimensions now rather than at the first sort
        }

        @Override
        protected CurveOrder order() {
            return CurveOrder.zOrder(dimensions());
        }

        public static ZOrder fromJson(IPersistedResourceRegistry registry, JsonNode json) {
            return new ZOrder(json.get("dim").asInt());
        }
    }
}
