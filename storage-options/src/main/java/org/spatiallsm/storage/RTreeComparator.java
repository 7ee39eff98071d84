package org.spatiallsm.storage;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The order in which an LSM R-tree's flushes, merges and bulk loads sort entries before packing them. */
public enum RTreeComparator {
    /** Hilbert curve over the entry's MBR corner: AsterixDB 0.9.8's default for 2-D double keys. */
    HILBERT("hilbert"),
    /** Z-order (Morton) curve: AsterixDB 0.9.8's default for other dimensions. */
    ZORDER("zorder"),
    /** Lexicographic by x, then y, ...: the "nearest-x" sort of the spatial merge-policy study; cheapest. */
    SIMPLE("simple"),
    /** {@link #HILBERT}'s order by AsterixDB 0.9.8's own, much slower comparator class: for comparison only. */
    HILBERT_STOCK("hilbert-stock"),
    /** {@link #ZORDER}'s order by AsterixDB 0.9.8's own, much slower comparator class: for comparison only. */
    ZORDER_STOCK("zorder-stock");

    private final String optionValue;

    RTreeComparator(String optionValue) {
        this.optionValue = optionValue;
    }

    public String optionValue() {
        return optionValue;
    }

    public static RTreeComparator fromOption(String value) {
        for (RTreeComparator comparator : values()) {
            if (comparator.optionValue.equals(value)) {
                return comparator;
            }
        }
        throw new InvalidStorageOptionException("unknown comparator \"" + value + "\"; allowed: " + allowed());
    }

    public static String allowed() {
        return Arrays.stream(values()).map(RTreeComparator::optionValue).collect(Collectors.joining(", "));
    }
}
