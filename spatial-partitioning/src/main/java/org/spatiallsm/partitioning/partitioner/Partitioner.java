package org.spatiallsm.partitioning.partitioner;

import java.util.List;

import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Ordering;

/**
 * Cuts the merged entries of one leveled merge into output components ("partitions"). Built by name with
 * {@link Partitioners#create}: {@code size}, {@code str}, {@code rstar-grove-area}, {@code rstar-grove-perimeter}.
 *
 * <p>Contract, for every partitioner:
 * <ul>
 * <li>every entry of every input goes to exactly one partition; no partition is empty;</li>
 * <li>the sink receives the partitions one after the other ({@code begin}, the entries, {@code end}), each
 * partition's entries sorted by the {@code ordering} (its total order, ties broken by id);</li>
 * <li>a partition's {@link PartitionInfo#mbr()} is the union of its entries' real MBRs (not of their centres);</li>
 * <li>the same inputs, ordering, cap and parameters give the same partitions (random sampling is seeded);</li>
 * <li>no more than the partitioner's memory budget of entries is held in memory at once, except that STR and
 * R*-Grove hold a merge of at most the budget whole (see {@link Partitioners}).</li>
 * </ul>
 * Implementations are not thread-safe: use one instance per concurrent merge, or create one per merge.
 */
public interface Partitioner {

    /** The name it was created by, e.g. {@code rstar-grove-area}. */
    String name();

    /**
     * Partitions the entries of {@code inputs}.
     *
     * @param inputs   the merge's inputs (components); {@code size} requires each sorted by {@code ordering}
     * @param ordering the order of the entries inside every output partition
     * @param cap      the output cap: the largest number of <em>entries</em> (records, matter and anti-matter alike)
     *                 an output partition may hold, at least 1. {@code size} and in-memory STR fill partitions to
     *                 exactly {@code cap} (the last may be smaller); R*-Grove keeps sizes within [m, cap]; the
     *                 two-pass (sampled) mode only approximates the cap, see {@link Partitioners}
     * @param sink     receives the partitions
     * @return the partitions' summaries and what the merge held in memory
     * @throws IllegalArgumentException with a one-line message for a cap below 1 or (for {@code size}) an input that
     *                                  is not sorted by {@code ordering}
     * @throws java.io.UncheckedIOException if spilling to temporary files fails
     */
    MergeOutcome partition(List<? extends EntryRun> inputs, Ordering ordering, int cap, PartitionSink sink);
}
