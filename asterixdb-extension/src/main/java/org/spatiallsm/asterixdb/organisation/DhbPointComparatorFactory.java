package org.spatiallsm.asterixdb.organisation;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.api.dataflow.value.IBinaryComparator;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.data.std.primitive.LongPointable;
import org.spatiallsm.organisations.HilbertOrganisation;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The DHB-tree's key order on its point field (x and y as two tagged doubles, {@link HilbertLayout#DHB}): the
 * relative Hilbert order of {@link HilbertOrganisation#DHB}. A search key may instead be a tagged int64 curve position
 * (the skip-scan's seek), which sorts just before the first point of that position's order-31 cell.
 * Stateless; persisted in the index's {@code .metadata} under the registry id
 * {@code SpatialLsmDhbPointComparatorFactory}.
 */
public final class DhbPointComparatorFactory implements IBinaryComparatorFactory {

    private static final long serialVersionUID = 1L;

    public static final DhbPointComparatorFactory INSTANCE = new DhbPointComparatorFactory();

    private DhbPointComparatorFactory() {
    }

    @Override
    public IBinaryComparator createBinaryComparator() {
        return DhbPointComparatorFactory::compare;
    }

    static int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
        boolean position1 = b1[s1] == ATypeTag.SERIALIZED_INT64_TYPE_TAG;
        boolean position2 = b2[s2] == ATypeTag.SERIALIZED_INT64_TYPE_TAG;
        if (position1 && position2) {
            return Long.compare(position(b1, s1), position(b2, s2));
        }
        if (position1) {
            return HilbertOrganisation.DHB.compareCellStart(position(b1, s1), x(b2, s2), y(b2, s2));
        }
        if (position2) {
            return -HilbertOrganisation.DHB.compareCellStart(position(b2, s2), x(b1, s1), y(b1, s1));
        }
        return HilbertOrganisation.DHB.comparePoints(x(b1, s1), y(b1, s1), x(b2, s2), y(b2, s2));
    }

    private static long position(byte[] bytes, int start) {
        return LongPointable.getLong(bytes, start + 1);
    }

    private static double x(byte[] bytes, int start) {
        return DoublePointable.getDouble(bytes, start + 1);
    }

    private static double y(byte[] bytes, int start) {
        return DoublePointable.getDouble(bytes, start + HilbertLayout.TAGGED_DOUBLE + 1);
    }

    @Override
    public JsonNode toJson(IPersistedResourceRegistry registry) throws HyracksDataException {
        return registry.getClassIdentifier(getClass(), serialVersionUID);
    }

    @SuppressWarnings("squid:S1172") // the registry calls it with its arguments
    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json) {
        return INSTANCE;
    }

    /** Java serialization (job specifications) keeps the single instance. */
    private Object readResolve() {
        return INSTANCE;
    }
}
