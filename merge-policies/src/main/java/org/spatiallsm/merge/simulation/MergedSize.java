package org.spatiallsm.merge.simulation;

import java.util.List;
import java.util.OptionalLong;

/**
 * The size of a merge's output, which the simulator cannot observe and has to model. The studies' model is the sum
 * of the inputs. A real LSM component is its data plus a fixed cost that does not shrink with the data (AsterixDB:
 * a metadata page, the Bloom filter's minimum of two pages, partly filled pages), and a merge of n components
 * writes that cost once instead of n times; size-based policies then compare different numbers, and near-ties
 * can go the other way.
 */
@FunctionalInterface
public interface MergedSize {

    /** The studies' model: merged size = sum of the inputs. */
    MergedSize SUM_OF_INPUTS = inputs -> inputs.stream().mapToLong(SimulatedComponent::bytes).reduce(0, Math::addExact);

    /** @param inputs the merged components, newest first, at least one */
    long bytes(List<SimulatedComponent> inputs);

    /**
     * Every component carries {@code overheadBytes} besides its data, so a merge of n components writes the sum of
     * its inputs minus (n − 1) × overhead, but never less than its largest input. An overhead of 0 is
     * {@link #SUM_OF_INPUTS}.
     */
    static MergedSize fixedOverheadPerComponent(long overheadBytes) {
        if (overheadBytes < 0) {
            throw new IllegalArgumentException("component overhead must be >= 0 bytes, was " + overheadBytes);
        }
        return inputs -> {
            long shared = Math.multiplyExact(overheadBytes, inputs.size() - 1L);
            long largest = inputs.stream().mapToLong(SimulatedComponent::bytes).max().orElseThrow();
            return Math.max(SUM_OF_INPUTS.bytes(inputs) - shared, largest);
        };
    }

    /**
     * Sizes that were measured, e.g. by replaying what an engine did: the merge output that holds exactly the
     * inputs' flushes has the measured size; a merge nobody measured (the replay already took another path) gets
     * the sum of its inputs.
     */
    static MergedSize measuredOrSum(MeasuredMerges measured) {
        return inputs -> measured.bytes(inputs.get(inputs.size() - 1).firstFlush(), inputs.get(0).lastFlush())
                .orElseGet(() -> SUM_OF_INPUTS.bytes(inputs));
    }

    /** Measured merge outputs by the flushes they hold. */
    @FunctionalInterface
    interface MeasuredMerges {
        /** The bytes of the merge output holding exactly flushes {@code firstFlush..lastFlush} (1-based), if known. */
        OptionalLong bytes(long firstFlush, long lastFlush);
    }
}
