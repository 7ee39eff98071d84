package org.spatiallsm.partitioning.leveled;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.partitioning.leveled.LeveledInvariants.Listed;
import org.spatiallsm.partitioning.pruning.Box;

class LeveledInvariantsTest {

    private static final Box WEST = box(0, 0, 10, 10);
    private static final Box EAST = box(20, 0, 30, 10);
    /** Touches WEST's east edge only. */
    private static final Box EDGE = box(10, 5, 15, 6);

    private static Box box(double minX, double minY, double maxX, double maxY) {
        return Box.of(new double[] { minX, minY }, new double[] { maxX, maxY });
    }

    private static Listed flush(long sequence, Box mbr) {
        return new Listed("f" + sequence, 0, sequence, sequence, mbr);
    }

    private static Listed merged(String name, int level, long first, long last, Box mbr) {
        return new Listed(name, level, first, last, mbr);
    }

    @Test
    void aPartitionAsTheEngineLeavesItBreaksNothing() {
        // c (level 2) overlaps a (level 1) and holds flushes as new as a's: ranges between levels >= 1 are not
        // compared.
        List<Listed> partition = List.of(flush(9, WEST), flush(8, EAST), merged("a", 1, 0, 7, WEST),
                merged("b", 1, 0, 7, EAST), merged("c", 2, 4, 7, WEST), merged("d", 2, 0, 3, EAST));
        assertThat(LeveledInvariants.violation("p0", partition)).isEmpty();
        assertThat(LeveledInvariants.violation("p0", List.of())).isEmpty();
    }

    @Test
    void anOlderFlushAboveOverlappingMergedDataIsReported() {
        // A flush (sequence 5) that came back at level 0 after flushes 6 and 7 had merged into level 1.
        List<Listed> partition = List.of(flush(8, EAST), flush(5, WEST), merged("m", 1, 0, 7, WEST));
        assertThat(LeveledInvariants.violation("Points.loc[0]", partition)).contains("Points.loc[0]: shallower is"
                + " not newer, f5 (level 0, sequences 5..5, MBR [0.0, 0.0 .. 10.0, 10.0]) overlaps the newer data of"
                + " m (level 1, sequences 0..7, MBR [0.0, 0.0 .. 10.0, 10.0])");
    }

    @Test
    void touchingMbrsOverlapAndDisjointOrEmptyOnesDoNot() {
        assertThat(LeveledInvariants.violation("p", List.of(flush(5, EDGE), merged("m", 1, 0, 7, WEST))))
                .hasValueSatisfying(line -> assertThat(line).startsWith("p: shallower is not newer, f5"));
        assertThat(LeveledInvariants.violation("p", List.of(flush(5, box(-0.0, 0, -0.0, 0)),
                merged("m", 1, 0, 7, box(0.0, 0, 1, 1))))).as("-0.0 meets 0.0").isPresent();
        assertThat(LeveledInvariants.violation("p", List.of(flush(5, EAST), merged("m", 1, 0, 7, WEST))))
                .as("no key can be in both").isEmpty();
        assertThat(LeveledInvariants.violation("p", List.of(flush(5, Box.empty(2)), merged("m", 1, 0, 7, WEST))))
                .isEmpty();
        assertThat(LeveledInvariants.violation("p", List.of(flush(8, WEST), merged("m", 1, 0, 8, WEST))))
                .as("sequence 8 in both").isPresent();
    }

    @Test
    void levelZeroIsNewestFirstWithDistinctSequences() {
        assertThat(LeveledInvariants.violation("p", List.of(flush(4, WEST), flush(6, EAST)))).contains("p: level 0"
                + " is not newest first, f6 (level 0, sequences 6..6, MBR [20.0, 0.0 .. 30.0, 10.0]) after f4 (level"
                + " 0, sequences 4..4, MBR [0.0, 0.0 .. 10.0, 10.0])");
        assertThat(LeveledInvariants.violation("p", List.of(flush(4, WEST), flush(4, EAST)))).isPresent();
    }

    @Test
    void theListMustBeInSearchOrder() {
        assertThat(LeveledInvariants.violation("p", List.of(merged("m", 1, 0, 3, WEST), flush(5, EAST))))
                .contains("p: components out of search order, f5 (level 0, sequences 5..5, MBR [20.0, 0.0 .. 30.0,"
                        + " 10.0]) after m (level 1, sequences 0..3, MBR [0.0, 0.0 .. 10.0, 10.0])");
        assertThat(LeveledInvariants.violation("p", List.of(merged("a", 2, 0, 3, WEST), merged("b", 1, 4, 4,
                EAST)))).hasValueSatisfying(line -> assertThat(line).startsWith("p: components out of search order"));
    }

    @Test
    void aMalformedEntryIsReported() {
        assertThat(LeveledInvariants.violation("p", List.of(merged("m", 1, 7, 3, WEST)))).contains("p: component m"
                + " (level 1, sequences 7..3, MBR [0.0, 0.0 .. 10.0, 10.0]) has no valid level or sequence range");
        assertThat(LeveledInvariants.violation("p", List.of(merged("m", -1, 0, 3, WEST)))).isPresent();
    }
}
