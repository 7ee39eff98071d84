package org.spatiallsm.partitioning.leveled;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;

import org.spatiallsm.merge.InvalidPolicyParameterException;
import org.spatiallsm.merge.ParameterSchema;
import org.spatiallsm.merge.ParameterSpec;
import org.spatiallsm.merge.ParameterSpec.Type;
import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.partitioning.leveled.LeveledMerge.Action;
import org.spatiallsm.partitioning.partitioner.Partitioners;

/**
 * The decision core of the leveled LSM R-tree and B-tree (LevelDB-style leveling). Level 0 holds
 * up to {@code level0-components} (B0) flushed components, level i &gt;= 1 up to {@code size-ratio}^i (B^i). After
 * every flush and every merge the engine asks {@link #findMerge}; the levels are checked from the deepest up to
 * level 0 and the first one holding more than its capacity gives up one component, which is merged with the
 * next-level components it overlaps, or moved there if it overlaps none. What "overlaps" means comes from the
 * view's {@link KeySpace}: intersecting MBRs for an R-tree, meeting [min key, max key] ranges for a B-tree; the
 * policy is the same for both.
 *
 * <p>One merge at a time: while any component is merging, {@link #findMerge} answers nothing and the completion
 * of the running merge asks again. (Merges on disjoint levels could run concurrently, but a cascade needs the
 * outcome of the merge above it, and the research code ran one merge at a time too.)
 *
 * <p>Immutable and thread-safe; everything it remembers between decisions (the round-robin compaction pointers)
 * travels in the {@link LeveledView} and the {@link LeveledMerge}.
 */
public final class LeveledPolicy {

    public static final String NAME = "leveled";

    public static final String LEVEL0_COMPONENTS = "level0-components";
    public static final String SIZE_RATIO = "size-ratio";
    public static final String PICK = "pick";
    public static final String OVERLAP_MODE = "overlap-mode";
    public static final String REWRITE = "rewrite";
    public static final String PARTITIONING = "partitioning";
    public static final String MAX_COMPONENT_ENTRIES = "max-component-entries";
    public static final String SEED = "seed";
    public static final String MEMORY_BUDGET = "memory-budget";

    public static final List<String> OVERLAP_MODES = List.of("relative", "absolute");
    /** Every partitioning of any key space; {@link KeySpace#partitionings()} says which apply to an index. */
    public static final List<String> PARTITIONINGS = MbrKeySpace.PARTITIONINGS;

    /** Every parameter with its default (the spatial study's configuration), range and 0.9.8 name where one fits. */
    public static final ParameterSchema PARAMETERS = new ParameterSchema(NAME, List.of(
            new ParameterSpec(LEVEL0_COMPONENTS, Type.INTEGER, 2, 0, 1000, "max-tolerance-component-count",
                    "B0, the most components level 0 holds; 0 = no extra level 0: level i holds B^(i+1)"),
            new ParameterSpec(SIZE_RATIO, Type.INTEGER, 10, 2, 1000, "size-ratio",
                    "B, level i >= 1 holds B^i components"),
            ParameterSpec.choice(PICK, Pick.MIN_OVERLAP.word(), Pick.words(), null,
                    "which component of a level >= 1 over capacity is pushed down (level 0: always the oldest)"),
            ParameterSpec.choice(OVERLAP_MODE, "relative", OVERLAP_MODES, null,
                    "relative: the next-level components intersecting the picked one; absolute: grow the box by"
                            + " them until nothing more intersects"),
            ParameterSpec.choice(REWRITE, "false", List.of("false", "true"), null,
                    "true rewrites a picked component that overlaps nothing (as the research code did) instead of"
                            + " moving it"),
            ParameterSpec.choice(PARTITIONING, "size", PARTITIONINGS, null,
                    "how a merge cuts its output into components"),
            new ParameterSpec(MAX_COMPONENT_ENTRIES, Type.INTEGER, 0, 0, Integer.MAX_VALUE, null,
                    "the most entries one merge output holds; 0 = as many as the largest current component"),
            new ParameterSpec(SEED, Type.INTEGER, 0, 0, Integer.MAX_VALUE, null,
                    "seed of the rand-* picks"),
            new ParameterSpec(MEMORY_BUDGET, Type.INTEGER, Partitioners.DEFAULT_MEMORY_BUDGET, 16,
                    Integer.MAX_VALUE, null,
                    "the most entries an str or rstar-grove-* merge partitions in memory; a larger merge samples"
                            + " this many and routes in two passes")),
            LeveledPolicy::new);

    private final int level0Components;
    private final int sizeRatio;
    private final Pick pick;
    private final boolean absoluteOverlap;
    private final boolean rewrite;
    private final String partitioning;
    private final long maxComponentEntries;
    private final long seed;
    private final int memoryBudget;
    private final PolicyParameters values;

    /** Builds the policy from validated values ({@link PolicyParameters#parse(ParameterSchema, Map)}). */
    public LeveledPolicy(PolicyParameters values) {
        if (!values.policy().equals(NAME)) {
            throw new IllegalArgumentException("parameters of '" + values.policy() + "' are not leveled parameters");
        }
        this.values = values;
        this.level0Components = values.getInt(LEVEL0_COMPONENTS);
        this.sizeRatio = values.getInt(SIZE_RATIO);
        this.pick = Pick.of(values.getChoice(PICK));
        this.absoluteOverlap = values.getChoice(OVERLAP_MODE).equals("absolute");
        this.rewrite = Boolean.parseBoolean(values.getChoice(REWRITE));
        this.partitioning = values.getChoice(PARTITIONING);
        this.maxComponentEntries = values.getInt(MAX_COMPONENT_ENTRIES);
        this.seed = values.getInt(SEED);
        this.memoryBudget = values.getInt(MEMORY_BUDGET);
    }

    /**
     * Parses {@code raw} (natural names, or 0.9.8 names where they exist) and builds the policy of an R-tree.
     *
     * @throws org.spatiallsm.merge.InvalidPolicyParameterException with a one-line message for a bad parameter
     */
    public static LeveledPolicy create(Map<String, String> raw) {
        return create(raw, MbrKeySpace.INSTANCE);
    }

    /**
     * Parses {@code raw} and builds the policy of an index in {@code keys}, refusing a {@code partitioning} that
     * does not apply to it (a spatial partitioner on a B-tree).
     *
     * @throws org.spatiallsm.merge.InvalidPolicyParameterException with a one-line message for a bad parameter
     */
    public static LeveledPolicy create(Map<String, String> raw, KeySpace<?> keys) {
        LeveledPolicy policy = new LeveledPolicy(PolicyParameters.parse(PARAMETERS, raw));
        if (!keys.partitionings().contains(policy.partitioning)) {
            throw InvalidPolicyParameterException.invalidValue(NAME, PARTITIONING, policy.partitioning,
                    String.join(", ", keys.partitionings()) + " on a " + keys.indexKind());
        }
        return policy;
    }

    public PolicyParameters parameters() {
        return values;
    }

    /**
     * The most components {@code level} holds before it must give one up: B0 for level 0 and B^i below it, or
     * B^(i+1) for every level when B0 = 0 (no extra level 0: flushes land in the first level of the ratio, as in
     * the dissertation's Fig. 3.1g). Saturates at {@link Long#MAX_VALUE}.
     */
    public long capacity(int level) {
        if (level == 0 && level0Components > 0) {
            return level0Components;
        }
        int exponent = level0Components > 0 ? level : level + 1;
        long capacity = 1;
        for (int i = 0; i < exponent; i++) {
            if (capacity > Long.MAX_VALUE / sizeRatio) {
                return Long.MAX_VALUE;
            }
            capacity *= sizeRatio;
        }
        return capacity;
    }

    /** The merge or move to run now, or empty when every level is within capacity or a merge is running. */
    public <E> Optional<LeveledMerge<E>> findMerge(LeveledView<E> view) {
        if (view.anyMerging()) {
            return Optional.empty();
        }
        requirePartitioningOf(view);
        for (int level = view.deepestLevel(); level >= 0; level--) {
            List<LeveledComponent<E>> candidates = view.level(level);
            if (candidates.size() > capacity(level)) {
                return Optional.of(pushDown(view, level, candidates));
            }
        }
        return Optional.empty();
    }

    /**
     * What {@code COMPACT} runs: every component merged into one level, with anti-matter dropped (nothing is left
     * below it to cancel), cut by the same partitioner and cap as any merge. The target is the shallowest level
     * &gt;= 1 whose capacity holds the outputs (all entries / the cap, rounded up), never shallower than the deepest
     * level present, so that no data moves up. Empty when there are fewer than two components (AsterixDB merges
     * nothing then) or a merge is running (AsterixDB asks again when it completes).
     */
    public <E> Optional<LeveledMerge<E>> fullCompaction(LeveledView<E> view) {
        if (view.components().size() < 2 || view.anyMerging()) {
            return Optional.empty();
        }
        requirePartitioningOf(view);
        long cap = maxOutputEntries(view);
        long entries = view.components().stream().mapToLong(LeveledComponent::entries).sum();
        long outputs = Math.max(1, (entries + cap - 1) / cap);
        int target = Math.max(1, view.deepestLevel());
        while (capacity(target) < outputs) {
            target++;
        }
        int shallowest = view.components().stream().mapToInt(LeveledComponent::level).min().orElseThrow();
        LeveledComponent<E> picked = view.level(shallowest).get(0);
        List<LeveledComponent<E>> others = view.components().stream().filter(c -> c != picked)
                .sorted(Comparator.comparingLong(LeveledComponent::id)).toList();
        return Optional.of(new LeveledMerge<>(shallowest, target, picked, others, Action.FULL, true, partitioning, cap,
                memoryBudget, Optional.empty()));
    }

    /**
     * True when flushes should wait: a merge is running and level 0 already holds more than its capacity + 1
     * components (the tolerance of the stack policies: the flush after the one that started a merge may land).
     * With nothing merging it is always false, since only a merge's completion could end the wait.
     */
    public boolean isMergeLagging(LeveledView<?> view) {
        return view.anyMerging() && view.level(0).size() > capacity(0) + 1;
    }

    /** An engine that built the policy with {@link #create(Map, KeySpace)} never fails here. */
    private void requirePartitioningOf(LeveledView<?> view) {
        if (!view.keySpace().partitionings().contains(partitioning)) {
            throw new IllegalStateException("partitioning '" + partitioning + "' does not apply to a "
                    + view.keySpace().indexKind());
        }
    }

    private <E> LeveledMerge<E> pushDown(LeveledView<E> view, int level, List<LeveledComponent<E>> candidates) {
        List<LeveledComponent<E>> next = view.level(level + 1);
        KeySpace<E> keys = view.keySpace();
        Optional<CompactionPointer<E>> pointer = Optional.empty();
        LeveledComponent<E> picked;
        if (level == 0) {
            picked = candidates.get(0);
        } else if (pick == Pick.ROUND_ROBIN) {
            picked = nextOnWalk(candidates, view.compactionPointer(level), keys);
            pointer = Optional.of(CompactionPointer.of(picked));
        } else {
            picked = choose(candidates, next, level, keys);
        }
        List<LeveledComponent<E>> overlapping = overlapping(picked, next, keys);
        boolean deepest = level + 1 >= view.deepestLevel();
        if (overlapping.isEmpty() && !rewrite) {
            return new LeveledMerge<>(level, level + 1, picked, overlapping, Action.MOVE, false, partitioning,
                    maxOutputEntries(view), memoryBudget, pointer);
        }
        return new LeveledMerge<>(level, level + 1, picked, overlapping, Action.MERGE, deepest, partitioning,
                maxOutputEntries(view), memoryBudget, pointer);
    }

    private <E> LeveledComponent<E> choose(List<LeveledComponent<E>> candidates, List<LeveledComponent<E>> next,
            int level, KeySpace<E> keys) {
        int n = candidates.size();
        return switch (pick) {
            case OLDEST -> candidates.get(0);
            case NEWEST -> candidates.get(n - 1);
            // Ties go to the oldest: min/max over an oldest-first list keep the first of equals.
            case MIN_OVERLAP -> candidates.stream()
                    .min(Comparator.comparingInt(c -> overlapping(c, next, keys).size())).orElseThrow();
            case MIN_OVERLAP_BY_CENTRE -> candidates.stream().sorted(byCentre(keys))
                    .min(Comparator.comparingInt(c -> overlapping(c, next, keys).size())).orElseThrow();
            case MAX_OVERLAP -> candidates.stream()
                    .max(Comparator.comparingInt((LeveledComponent<E> c) -> overlapping(c, next, keys).size())
                            .thenComparing(LeveledComponent::id, Comparator.reverseOrder()))
                    .orElseThrow();
            case RAND_UNIFORM, RAND_BINOMIAL, RAND_OLDEST, RAND_NEWEST ->
                candidates.get(BoundedSampler.sample(pick, n, random(candidates, level)));
            case ROUND_ROBIN -> throw new IllegalStateException("round-robin is chosen with its pointer");
        };
    }

    /**
     * A random source that depends only on the seed and the decision's inputs, so that a replay of the same
     * history makes the same picks without the policy holding state.
     */
    private SplittableRandom random(List<? extends LeveledComponent<?>> candidates, int level) {
        long mixed = seed * 0x9E3779B97F4A7C15L + level;
        for (LeveledComponent<?> candidate : candidates) {
            mixed = mixed * 0x9E3779B97F4A7C15L + candidate.id();
        }
        return new SplittableRandom(mixed);
    }

    /** The first component strictly after the pointer on the walk, wrapping to the start of the walk. */
    private static <E> LeveledComponent<E> nextOnWalk(List<LeveledComponent<E>> candidates,
            Optional<CompactionPointer<E>> pointer, KeySpace<E> keys) {
        List<LeveledComponent<E>> byWalk = candidates.stream()
                .sorted(Comparator.comparing(LeveledComponent<E>::bounds, keys::compareAlongWalk)
                        .thenComparingLong(LeveledComponent::id))
                .toList();
        return pointer.flatMap(last -> byWalk.stream().filter(c -> last.precedes(c, keys)).findFirst())
                .orElse(byWalk.get(0));
    }

    /** The research code's order of a level: by centre (see {@link KeySpace#compareByCentre}), then newest first. */
    private static <E> Comparator<LeveledComponent<E>> byCentre(KeySpace<E> keys) {
        return Comparator.comparing(LeveledComponent<E>::bounds, keys::compareByCentre)
                .thenComparing(LeveledComponent::id, Comparator.reverseOrder());
    }

    /** The next-level components that join a merge of {@code picked}, oldest first. */
    <E> List<LeveledComponent<E>> overlapping(LeveledComponent<E> picked, List<LeveledComponent<E>> next,
            KeySpace<E> keys) {
        E box = picked.bounds();
        Set<LeveledComponent<E>> joined = new LinkedHashSet<>();
        boolean grew = true;
        // relative: one pass. absolute: grow the box by every joined component until a pass adds nothing; each
        // pass that repeats adds a component, so at most |next| + 1 passes.
        while (grew) {
            grew = false;
            for (LeveledComponent<E> candidate : next) {
                if (!joined.contains(candidate) && keys.overlaps(candidate.bounds(), box)) {
                    joined.add(candidate);
                    grew = absoluteOverlap;
                    box = absoluteOverlap ? keys.union(box, candidate.bounds()) : box;
                }
            }
        }
        List<LeveledComponent<E>> oldestFirst = new ArrayList<>(joined);
        oldestFirst.sort(Comparator.comparingLong(LeveledComponent::id));
        return oldestFirst;
    }

    private long maxOutputEntries(LeveledView<?> view) {
        if (maxComponentEntries > 0) {
            return maxComponentEntries;
        }
        // The research code's rule: a merge output holds as many entries as the largest component, about one
        // full flush, since flushes create the largest components and outputs are cut at this size.
        return Math.max(1, view.components().stream().mapToLong(LeveledComponent::entries).max().orElse(1));
    }

    @Override
    public String toString() {
        return values.toString();
    }
}
