package org.spatiallsm.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

/** Which keys a load sends again: exactly those of its range that the dataset does not hold. */
class KeyRangesTest {

    private static KeyRanges ranges(long... bounds) {
        KeyRanges.Builder builder = new KeyRanges.Builder();
        for (int i = 0; i < bounds.length; i += 2) {
            builder.add(bounds[i], bounds[i + 1]);
        }
        return builder.build();
    }

    private static List<Long> keys(KeyRanges ranges) throws IOException {
        List<Long> keys = new ArrayList<>();
        ranges.forEachKey(keys::add);
        return keys;
    }

    @Test
    void nothingStoredMeansTheWholeRangeIsMissing() {
        assertThat(KeyRanges.missing(10, 20, new long[0])).isEqualTo(KeyRanges.of(10, 20));
        assertThat(KeyRanges.missing(10, 20, new long[0]).size()).isEqualTo(10);
    }

    @Test
    void everythingStoredMeansNothingIsMissing() {
        assertThat(KeyRanges.missing(10, 15, new long[] { 10, 11, 12, 13, 14 }).isEmpty()).isTrue();
    }

    @Test
    void gapsAtTheStartInsideAndAtTheEnd() {
        assertThat(KeyRanges.missing(0, 10, new long[] { 2, 3, 5, 8 })).isEqualTo(ranges(0, 2, 4, 5, 6, 8, 9, 10));
    }

    @Test
    void keysOutsideTheRangeAndRepeatedKeysAreIgnored() {
        assertThat(KeyRanges.missing(5, 10, new long[] { 1, 4, 5, 5, 7, 7, 12 })).isEqualTo(ranges(6, 7, 8, 10));
    }

    @Test
    void aNodeThatLostEveryOtherKeyOfTheTailLeavesOneRangePerKey() throws IOException {
        // Records are hash-partitioned: a dead node loses its share of the tail, interleaved with the other's.
        long[] stored = LongStream.concat(LongStream.range(0, 100), LongStream.range(100, 110).filter(k -> k % 2 == 0))
                .toArray();
        KeyRanges missing = KeyRanges.missing(0, 120, stored);
        assertThat(keys(missing)).containsExactly(101L, 103L, 105L, 107L, 109L, 110L, 111L, 112L, 113L, 114L, 115L,
                116L, 117L, 118L, 119L);
        assertThat(missing.ranges()).hasSize(5);
        assertThat(missing.describe(2)).isEqualTo("101, 103 and 3 more");
        assertThat(missing.describe(5)).isEqualTo("101, 103, 105, 107, 109..119");
    }

    @Test
    void theBuilderJoinsAdjacentRangesAndRefusesOverlaps() {
        assertThat(ranges(0, 5, 5, 8, 10, 11).ranges()).containsExactly(new KeyRanges.Range(0, 8),
                new KeyRanges.Range(10, 11));
        assertThat(ranges(3, 3).isEmpty()).isTrue();
        assertThatThrownBy(() -> ranges(0, 5, 4, 6)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("overlaps");
    }

    @Test
    void missingEqualsTheSetDifferenceForRandomStoredSets() throws IOException {
        SplittableRandom random = new SplittableRandom(24);
        for (int trial = 0; trial < 200; trial++) {
            long from = random.nextLong(-50, 50);
            long to = from + random.nextLong(0, 200);
            TreeSet<Long> stored = new TreeSet<>();
            int n = random.nextInt(0, 250);
            for (int i = 0; i < n; i++) {
                stored.add(random.nextLong(from - 20, to + 20));
            }
            List<Long> expected = LongStream.range(from, to).filter(k -> !stored.contains(k)).boxed().toList();
            KeyRanges missing = KeyRanges.missing(from, to, stored.stream().mapToLong(Long::longValue).toArray());
            assertThat(keys(missing)).isEqualTo(expected);
            assertThat(missing.size()).isEqualTo(expected.size());
            for (int i = 1; i < missing.ranges().size(); i++) {
                // Disjoint, sorted and never adjacent: adjacent ranges are one.
                assertThat(missing.ranges().get(i).from()).isGreaterThan(missing.ranges().get(i - 1).to());
            }
        }
    }
}
