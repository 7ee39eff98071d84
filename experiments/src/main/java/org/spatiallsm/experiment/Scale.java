package org.spatiallsm.experiment;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How large a study runs: every study has one preset of its parameters per scale. */
public enum Scale {
    /** At most two minutes per study on a 2-core machine: the default test suite runs it. */
    SMOKE,
    SMALL,
    /** The measured index outgrows a small buffer cache. */
    MEDIUM,
    LARGE;

    /** As typed on the command line. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** A one-line error listing the valid scales for an unknown one. */
    public static Scale named(String id) {
        return Arrays.stream(values()).filter(scale -> scale.id().equals(id)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown scale '" + id + "'; valid: " + names()));
    }

    public static String names() {
        return Arrays.stream(values()).map(Scale::id).collect(Collectors.joining(", "));
    }
}
