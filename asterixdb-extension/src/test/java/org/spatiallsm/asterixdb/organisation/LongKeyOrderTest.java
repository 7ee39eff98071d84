package org.spatiallsm.asterixdb.organisation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

class LongKeyOrderTest {

    /** Two keys and a name; the name breaks ties, the id tells equal records apart. */
    private record Item(long first, long second, String name, int id) {
    }

    private static final Comparator<Item> BY_KEYS_THEN_NAME = Comparator.comparingLong(Item::first)
            .thenComparingLong(Item::second).thenComparing(Item::name);

    private static LongKeyOrder<Item> order() {
        return new LongKeyOrder<>(2, (item, key) -> key == 0 ? item.first() : item.second(), BY_KEYS_THEN_NAME);
    }

    /** {@code count} items with keys and names drawn from {@code range} values each, so small ranges tie a lot. */
    private static List<Item> items(int count, int range, long seed) {
        Random random = new Random(seed);
        List<Item> items = new ArrayList<>();
        for (int id = 0; id < count; id++) {
            items.add(new Item(random.nextInt(range) - range / 2, random.nextInt(range) - range / 2,
                    "n" + random.nextInt(range), id));
        }
        return items;
    }

    private static void assertSortsAsTheComparator(List<Item> input) {
        List<Item> expected = new ArrayList<>(input);
        expected.sort(BY_KEYS_THEN_NAME);
        List<Item> sorted = new ArrayList<>(input);
        order().sort(sorted);
        // Items equal in the order keep their input order in both (ids compared too): both sorts are stable.
        assertThat(sorted).isEqualTo(expected);
    }

    @Test
    void sortsAsTheComparatorOnDistinctAndTieHeavyKeys() {
        for (int range : new int[] { 1, 2, 3, 10, 1000, Integer.MAX_VALUE }) {
            for (int count : new int[] { 0, 1, 2, 15, 16, 17, 100, 5000 }) {
                assertSortsAsTheComparator(items(count, range, 31L * range + count));
            }
        }
    }

    @Test
    void sortsExtremeKeysAsSignedLongs() {
        long[] values = { Long.MIN_VALUE, Long.MIN_VALUE + 1, -1, 0, 1, Long.MAX_VALUE - 1, Long.MAX_VALUE };
        List<Item> input = new ArrayList<>();
        Random random = new Random(7);
        for (int id = 0; id < 300; id++) {
            input.add(new Item(values[random.nextInt(values.length)], values[random.nextInt(values.length)], "same",
                    id));
        }
        assertSortsAsTheComparator(input);
    }

    @Test
    void comparesAsItSorts() {
        List<Item> input = items(2000, 5, 3);
        for (int i = 1; i < input.size(); i++) {
            Item a = input.get(i - 1);
            Item b = input.get(i);
            assertThat(Integer.signum(order().compare(a, b))).isEqualTo(Integer.signum(BY_KEYS_THEN_NAME.compare(a,
                    b)));
        }
    }

    @Test
    void orderedBitsOrderDoublesAsDoubleCompare() {
        double[] values = { Double.NEGATIVE_INFINITY, -Double.MAX_VALUE, -180, -1.5, -Double.MIN_NORMAL,
            -Double.MIN_VALUE, -0.0, 0.0, Double.MIN_VALUE, Double.MIN_NORMAL, 1e-300, 0.5, 90, 180,
            Double.MAX_VALUE, Double.POSITIVE_INFINITY, Double.NaN, Double.longBitsToDouble(0x7ff0000000000001L),
            Double.longBitsToDouble(0xfff8000000000000L) };
        Random random = new Random(11);
        double[] randoms = random.doubles(2000, -1000, 1000).toArray();
        for (double[] set : new double[][] { values, randoms }) {
            for (double a : set) {
                for (double b : values) {
                    assertThat(Integer.signum(Long.compare(LongKeyOrder.orderedBits(a), LongKeyOrder.orderedBits(b))))
                            .as("%s against %s", a, b).isEqualTo(Integer.signum(Double.compare(a, b)));
                }
            }
        }
    }

    @Test
    void needsAKey() {
        assertThatThrownBy(() -> new LongKeyOrder<Item>(0, (item, key) -> 0, BY_KEYS_THEN_NAME))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a long key order needs at least one key, "
                        + "not 0");
    }
}
