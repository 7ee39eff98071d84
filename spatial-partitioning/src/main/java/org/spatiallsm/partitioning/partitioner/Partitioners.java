package org.spatiallsm.partitioning.partitioner;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.spatiallsm.workloads.Parameters;

/**
 * The partitioners by name, with their parameters and defaults.
 *
 * <h2>Partitioners</h2>
 * <ul>
 * <li>{@code size}: streams the k-way merge of the (sorted) inputs and cuts a new partition every {@code cap}
 * entries. Holds one block of at most 1024 entries per input: O(inputs) memory, whatever the merge's size.</li>
 * <li>{@code str}: Sort-Tile-Recursive on entry centres: ceil(sqrt(P)) vertical slabs of cap * ceil(sqrt(P)) entries
 * (P = ceil(N / cap)), each cut along y every {@code cap} entries. Partitions are pairwise disjoint by centre.</li>
 * <li>{@code rstar-grove-area}, {@code rstar-grove-perimeter}: R*-Grove's recursive binary splits on entry centres,
 * choosing the axis by the sum of margins and the split by the smaller total area (or perimeter) of the two sides,
 * among the splits whose sides can both be cut into parts of [m, cap] entries. Partitions are pairwise disjoint by
 * centre and square-like.</li>
 * </ul>
 *
 * <h2>Parameters (all optional)</h2>
 * <ul>
 * <li>{@code memory-budget} (every partitioner; integer, [16, 2^31 - 1], default {@value #DEFAULT_MEMORY_BUDGET}):
 * the most <em>entries</em> a merge holds in memory at once (about 70 bytes each: id, MBR, sort key, row indices;
 * so the default is about 70 MB). {@code size} never comes close. STR and R*-Grove partition a merge of at most this
 * many entries in memory; a larger merge is partitioned in two passes (the notes' §5.6): pass 1 draws a uniform sample
 * of {@code memory-budget} entries and computes the partition regions on it with the cap scaled by the sample fraction;
 * pass 2 routes every entry by its centre to the unique region holding it and sorts each partition by the ordering
 * with an external sort (sorted runs of at most {@code memory-budget} entries spilled to temporary files, then merged
 * partition by partition; while there are more runs than one merge opens, min(128, {@code memory-budget} / 2), groups
 * of runs are first merged into longer runs, in rounds, so any merge size fits the budget). Partition sizes are then
 * only approximately {@code cap}.</li>
 * <li>{@code sample-seed} (STR, R*-Grove; integer, default 0): seed of the pass-1 sample.</li>
 * <li>{@code alpha} (R*-Grove; number in (0, 1], default {@value #DEFAULT_ALPHA}): balance ratio; the minimum
 * partition size is m = ceil(alpha * cap). 1 admits only exact multiples of the cap, as the research fork did.</li>
 * <li>{@code beta} (R*-Grove; number in [0, 0.5), default 0): minimum split fraction; a split leaves at least
 * floor(beta * n) entries on each side of a range of n entries.</li>
 * <li>{@code fallback} (R*-Grove; {@code relax} (default) or {@code fork-strip}): what to do with a range of n
 * entries that has no admissible split. {@code relax} lowers m to floor(n / ceil(n / cap)) for that range and
 * its sub-ranges (then an admissible split always exists, and beta is dropped if it excludes them all), so
 * partitions stay balanced. {@code fork-strip} reproduces the research fork: peel a strip of cap - 2 entries off
 * along the chosen axis (with {@code alpha=1}, the fork's behaviour).</li>
 * </ul>
 * Split ties are broken deterministically: the x axis before y, then the split closest to the middle of the range,
 * then the smaller left side. Points are ordered along an axis by that coordinate, then the other, then id.
 *
 * <h2>Sizes</h2>
 * In memory, with distinct centre coordinates: {@code size} and STR produce partitions of exactly {@code cap}
 * entries but the last ones (STR: the last of each slab); R*-Grove produces sizes within [m, cap] whenever the merge
 * size N can be cut into such parts (some k with k*m &lt;= N &lt;= k*cap), and within
 * [min(m, floor(N / ceil(N / cap))), cap] otherwise. Regions are half-open, so entries whose centres share a cut's
 * coordinate all go to the upper side: with duplicate coordinates sizes may deviate from the cap, but partitions stay
 * disjoint by centre.
 */
public final class Partitioners {

    public static final int DEFAULT_MEMORY_BUDGET = 1_000_000;
    public static final double DEFAULT_ALPHA = 0.8;

    private Partitioners() {
    }

    public static List<String> names() {
        return List.of("size", "str", "rstar-grove-area", "rstar-grove-perimeter");
    }

    /** The named partitioner, spilling to the JVM's temporary directory. */
    public static Partitioner create(String name, Map<String, String> parameters) {
        return create(name, parameters, Path.of(System.getProperty("java.io.tmpdir")));
    }

    /**
     * The named partitioner with the given parameters (see the class comment).
     *
     * @param spillDirectory where two-pass STR and R*-Grove write their temporary runs (deleted after the merge)
     * @throws IllegalArgumentException for an unknown name, or an unknown or out-of-range parameter, with a one-line
     *                                  message
     */
    public static Partitioner create(String name, Map<String, String> parameters, Path spillDirectory) {
        if (!names().contains(name)) {
            throw new IllegalArgumentException("unknown partitioner '" + name + "' (known: "
                    + String.join(", ", names()) + ")");
        }
        Parameters p = new Parameters("partitioner " + name, parameters);
        int budget = p.integer("memory-budget", DEFAULT_MEMORY_BUDGET, 16, Integer.MAX_VALUE);
        Partitioner partitioner;
        if (name.equals("size")) {
            partitioner = new SizePartitioner(budget);
        } else {
            long seed = p.integer("sample-seed", 0, Integer.MIN_VALUE, Integer.MAX_VALUE);
            Tiler tiler;
            if (name.equals("str")) {
                tiler = new StrTiler();
            } else {
                double alpha = p.number("alpha", DEFAULT_ALPHA, 0, 1);
                if (alpha == 0) {
                    throw new IllegalArgumentException("partitioner " + name + ": alpha must be in (0, 1], got 0");
                }
                double beta = p.number("beta", 0, 0, 0.5);
                if (beta == 0.5) {
                    throw new IllegalArgumentException("partitioner " + name + ": beta must be in [0, 0.5), got 0.5");
                }
                boolean forkStrip = p.choice("fallback", "relax", "relax", "fork-strip").equals("fork-strip");
                tiler = new RStarGroveTiler(name.endsWith("area") ? RStarGroveTiler.Cost.AREA
                        : RStarGroveTiler.Cost.PERIMETER, alpha, beta, forkStrip);
            }
            partitioner = new TilingPartitioner(name, tiler, budget, seed, spillDirectory);
        }
        p.rejectUnknown();
        return partitioner;
    }
}
