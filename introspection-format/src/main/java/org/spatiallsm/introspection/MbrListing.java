package org.spatiallsm.introspection;

import java.util.List;

/** A component's MBR: the lower and the upper corner, one value per dimension; both empty for no entries. */
public record MbrListing(List<Double> min, List<Double> max) {

    public MbrListing {
        min = List.copyOf(min);
        max = List.copyOf(max);
        if (min.size() != max.size()) {
            throw new IllegalArgumentException("corners of " + min.size() + " and " + max.size() + " dimensions");
        }
    }
}
