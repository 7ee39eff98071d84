package org.spatiallsm.asterixdb.rtree;

import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.rtree.linearize.HilbertDoubleComparatorFactory;
import org.apache.hyracks.storage.am.rtree.linearize.ZCurveDoubleComparatorFactory;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * AsterixDB 0.9.8's own, slow curve comparators, chosen with {@code "comparator": "hilbert-stock"} or
 * {@code "zorder-stock"} to measure what {@link CurveComparatorFactory} saves. They are subclasses only to be persisted
 * under ids of their own: under 0.9.8's ids an index's {@code .metadata} is read back as the fast comparators (see
 * {@code SpatialPersistedResourceRegistry}), and the index would stop being a stock one at its next opening.
 */
public final class StockCurveComparatorFactory {

    private StockCurveComparatorFactory() {
    }

    /** 0.9.8's {@link HilbertDoubleComparatorFactory}, comparisons and all. */
    public static final class Hilbert extends HilbertDoubleComparatorFactory {
        private static final long serialVersionUID = 1L;

        public Hilbert(int dimensions) {
            super(dimensions);
        }

        public static Hilbert fromJson(IPersistedResourceRegistry registry, JsonNode json) {
            return new Hilbert(json.get("dim").asInt());
        }
    }

    /** 0.9.8's {@link ZCurveDoubleComparatorFactory}, comparisons and all. */
    public static final class ZOrder extends ZCurveDoubleComparatorFactory {
        private static final long serialVersionUID = 1L;

        public ZOrder(int dimensions) {
            super(dimensions);
        }

        public static ZOrder fromJson(IPersistedResourceRegistry registry, JsonNode json) {
            return new ZOrder(json.get("dim").asInt());
        }
    }
}
