package org.spatiallsm.asterixdb.rtree;

import org.apache.hyracks.api.dataflow.value.ILinearizeComparator;
import org.apache.hyracks.api.dataflow.value.ILinearizeComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.data.std.primitive.DoublePointable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The "simple" (nearest-x) R-tree sort order of the spatial merge-policy study: compare the first coordinate, then
 * the next. Much cheaper than a space-filling curve; packs worse. Like AsterixDB's curve comparators, it reads
 * coordinate i of a key at {@code start + i * fieldLength} (callers skip the type tag).
 */
public final class SimpleLinearizeComparatorFactory implements ILinearizeComparatorFactory {
    private static final long serialVersionUID = 1L;

    private final int dimensions;

    public SimpleLinearizeComparatorFactory(int dimensions) {
        this.dimensions = dimensions;
    }

    @Override
    public ILinearizeComparator createBinaryComparator() {
        return new ILinearizeComparator() {
            @Override
            public int compare(byte[] b1, int s1, int l1, byte[] b2, int s2, int l2) {
                for (int i = 0; i < dimensions; i++) {
                    int order = Double.compare(DoublePointable.getDouble(b1, s1 + i * l1),
                            DoublePointable.getDouble(b2, s2 + i * l2));
                    if (order != 0) {
                        return order;
                    }
                }
                return 0;
            }

            @Override
            public int getDimensions() {
                return dimensions;
            }
        };
    }

    @Override
    public JsonNode toJson(IPersistedResourceRegistry registry) throws HyracksDataException {
        ObjectNode json = registry.getClassIdentifier(getClass(), serialVersionUID);
        json.put("dimensions", dimensions);
        return json;
    }

    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json) {
        return new SimpleLinearizeComparatorFactory(json.get("dimensions").asInt());
    }
}
