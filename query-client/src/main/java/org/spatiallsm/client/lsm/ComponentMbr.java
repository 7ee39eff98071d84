package org.spatiallsm.client.lsm;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.spatiallsm.introspection.MbrListing;

/**
 * The MBR of one disk component of an R-tree that prunes its searches: the lower and the upper corner, one value per
 * dimension; both empty for a component without entries (which every search skips).
 */
public record ComponentMbr(List<Double> min, List<Double> max) {

    public ComponentMbr {
        min = List.copyOf(min);
        max = List.copyOf(max);
    }

    static ComponentMbr of(MbrListing mbr) {
        return new ComponentMbr(mbr.min(), mbr.max());
    }

    public boolean isEmpty() {
        return min.isEmpty();
    }

    /** {@code [x1, y1 .. x2, y2]}, or {@code empty}. */
    @Override
    public String toString() {
        return isEmpty() ? "empty" : "[" + corner(min) + " .. " + corner(max) + "]";
    }

    private static String corner(List<Double> values) {
        return values.stream().map(v -> String.format(Locale.ROOT, "%s", v)).collect(Collectors.joining(", "));
    }
}
