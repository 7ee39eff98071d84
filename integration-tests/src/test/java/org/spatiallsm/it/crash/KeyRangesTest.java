package org.spatiallsm.it.crash;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.introspection.EntriesListing;

/** The key-range invariant on hand-made listings: int64 keys, the first field a tagged int64 (tag 04). */
class KeyRangesTest {

    private static List<String> key(long value) {
        return List.of(String.format("04%016x", value));
    }

    private static EntriesListing.Component component(String file, int level, List<String> min, List<String> max,
            List<List<String>> keys) {
        List<EntriesListing.Entry> entries = keys.stream()
                .map(key -> new EntriesListing.Entry(String.join("", key), List.of(), false, key)).toList();
        return new EntriesListing.Component(List.of(file), level, entries, min, max);
    }

    private static EntriesListing.Component exact(String file, int level, long... keys) {
        List<List<String>> listed = Arrays.stream(keys).mapToObj(KeyRangesTest::key).toList();
        return component(file, level, listed.get(0), listed.get(listed.size() - 1), listed);
    }

    @Test
    void disjointRangesInALevelAndExactBoundsHold() {
        assertThat(KeyRanges.violation("i[0]", List.of(exact("a", 0, 1, 500), exact("b", 1, 1, 9),
                exact("c", 1, 10, 20), exact("d", 2, 5, 15), component("e", 1, null, null, List.of())))).isEmpty();
    }

    @Test
    void rangesThatMeetInALevelAreAViolation() {
        assertThat(KeyRanges.violation("i[0]", List.of(exact("b", 1, 12, 30), exact("c", 1, 1, 12))))
                .hasValueSatisfying(line -> assertThat(line).contains("level 1").contains("[c]").contains("[b]")
                        .contains("meet"));
    }

    @Test
    void anEntryOutsideTheRecordedRangeIsAViolation() {
        assertThat(KeyRanges.violation("i[0]", List.of(component("b", 1, key(2), key(9),
                List.of(key(2), key(5), key(11)))))).hasValueSatisfying(line -> assertThat(line)
                        .contains("component [b] holds keys"));
        assertThat(KeyRanges.violation("i[0]", List.of(component("b", 1, null, null, List.of(key(2))))))
                .hasValueSatisfying(line -> assertThat(line).contains("holds 1 entries"));
    }

    /**
     * Two level-2 components of a DHB-tree from a crash-test run: in AsterixDB's generic order their ranges meet, in
     * the DHB-tree's own (relative Hilbert order of the point field, x and y as tagged doubles) they do not, so only
     * the exact bounds are checked.
     */
    @Test
    void aDhbTreesPointKeysAreNotComparedInTheGenericOrder() {
        List<String> firstMin = List.of("0cc0613333333333330c4025333333333330", "040000000000002488");
        List<String> firstMax = List.of("0cc050a000000000000c404c400000000000", "040000000000004303");
        List<String> secondMin = List.of("0cc0556000000000000cc055200000000000", "040000000000002ffd");
        List<String> secondMax = List.of("0cc062b000000000000cc049400000000000", "040000000000005a7d");
        assertThat(KeyRanges.violation("dhbLoc[0]", List.of(
                component("a", 2, firstMin, firstMax, List.of(firstMin, firstMax)),
                component("b", 2, secondMin, secondMax, List.of(secondMin, secondMax))))).isEmpty();
        assertThat(KeyRanges.violation("dhbLoc[0]", List.of(component("a", 2, firstMin, firstMax,
                List.of(firstMin, secondMax))))).hasValueSatisfying(line -> assertThat(line).contains("holds keys"));
    }
}
