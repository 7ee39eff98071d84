package org.spatiallsm.partitioning.simulation;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.spatiallsm.partitioning.leveled.KeyRange;
import org.spatiallsm.partitioning.leveled.KeyRangeSpace;
import org.spatiallsm.partitioning.leveled.KeySpace;
import org.spatiallsm.partitioning.leveled.LeveledMerge;
import org.spatiallsm.partitioning.simulation.LeveledSimulator.Written;

/**
 * The model of the leveled column of Mao's dissertation's Table 4.1: unique random keys, every flush one unit (one
 * entry standing for a flush's worth, one byte standing for its size), and a merge of n units writes n one-unit
 * components into the next level. The level counts then depend only on the trigger: a merge into level i + 1 removes k
 * components there and adds k + 1.
 *
 * <p>Which components overlap, and so how much a merge writes, needs key ranges: the components are those of a
 * leveled B-tree on integer keys of [0, 2^50) ({@link KeyRangeSpace}). A flush of random keys spans the whole space,
 * and a merge's outputs tile the span of its inputs in equal, disjoint integer ranges. Real merges cut at key
 * quantiles rather than at equal widths, so W is an approximation; the level counts are exact.
 */
public final class CountModel implements LeveledSimulator.Storage<KeyRange<Long>, Void> {

    /** Key space [0, 2^50): integers stay exact in doubles and 2^50 leaves room for a million tiles and more. */
    static final long KEY_SPACE = 1L << 50;

    private static final KeyRangeSpace<Long> KEYS = new KeyRangeSpace<>(Comparator.naturalOrder());

    /** One flush: one unit spanning the whole key space. */
    public static Written<KeyRange<Long>, Void> flush() {
        return new Written<>(new KeyRange<>(0L, KEY_SPACE - 1), 1, 1, null);
    }

    @Override
    public KeySpace<KeyRange<Long>> keySpace() {
        return KEYS;
    }

    @Override
    public List<Written<KeyRange<Long>, Void>> merge(List<Void> inputs, LeveledMerge<KeyRange<Long>> merge) {
        double low = merge.inputs().stream().mapToLong(c -> c.bounds().min()).min().orElseThrow();
        double high = merge.inputs().stream().mapToLong(c -> c.bounds().max()).max().orElseThrow();
        long entries = merge.inputs().stream().mapToLong(c -> c.entries()).sum();
        long bytes = merge.inputs().stream().mapToLong(c -> c.bytes()).sum();
        int outputs = (int) Math.max(1, Math.min(-Math.floorDiv(-entries, merge.maxOutputEntries()), high - low + 1));
        List<Written<KeyRange<Long>, Void>> written = new ArrayList<>(outputs);
        double width = high - low + 1;
        for (int i = 0; i < outputs; i++) {
            long from = (long) (low + Math.floor(width * i / outputs));
            long to = (long) (low + Math.floor(width * (i + 1) / outputs) - 1);
            written.add(new Written<>(KEYS.range(from, to), share(entries, i, outputs), share(bytes, i, outputs),
                    null));
        }
        return written;
    }

    /** Output i's share of {@code total} when it is split as evenly as integers allow. */
    private static long share(long total, int i, int parts) {
        return total / parts + (i < total % parts ? 1 : 0);
    }
}
