package org.spatiallsm.partitioning.leveled;

import java.util.Arrays;
import java.util.List;

/**
 * How the leveled policy chooses the component of a level over capacity (levels &gt;= 1; level 0 always gives up
 * its oldest component, as in LevelDB and the research code).
 */
public enum Pick {
    /** The oldest component of the level. */
    OLDEST("oldest"),
    /** The newest component of the level. */
    NEWEST("newest"),
    /** The component that pulls the fewest next-level components into the merge (the studies' choice). */
    MIN_OVERLAP("min-overlap"),
    /**
     * As {@link #MIN_OVERLAP}, but ties go to the component whose MBR centre is smallest in x, then in y, then to
     * the newest: the research code kept a level's components in that order and took the first of equals, which
     * is how the spatial study's runs picked.
     */
    MIN_OVERLAP_BY_CENTRE("min-overlap-by-centre"),
    /** The component that pulls the most next-level components into the merge. */
    MAX_OVERLAP("max-overlap"),
    /** The next component along the Z-order curve of MBR centres after the level's compaction pointer. */
    ROUND_ROBIN("round-robin"),
    /** Uniformly at random. */
    RAND_UNIFORM("rand-uniform"),
    /** Binomial(n - 1, 1/2) over the components oldest first: mostly the middle-aged ones. */
    RAND_BINOMIAL("rand-binomial"),
    /** At random with weight 1/rank, rank 1 = oldest: skewed towards old components. */
    RAND_OLDEST("rand-oldest"),
    /** At random with weight 1/rank, rank 1 = newest: skewed towards new components. */
    RAND_NEWEST("rand-newest");

    private final String word;

    Pick(String word) {
        this.word = word;
    }

    public String word() {
        return word;
    }

    public static List<String> words() {
        return Arrays.stream(values()).map(Pick::word).toList();
    }

    public static Pick of(String word) {
        return Arrays.stream(values()).filter(p -> p.word.equals(word)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown pick '" + word + "'"));
    }
}
