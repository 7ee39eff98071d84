package org.spatiallsm.partitioning.catalog;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.UnknownPolicyException;
import org.spatiallsm.partitioning.catalog.CatalogPolicy.Family;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;

/**
 * The one catalog of spatial-lsm's merge policies: for each, its parameters (names, defaults, ranges) and the index
 * kinds it applies to. The DDL parser, the simulator, the benchmarks and the engine's registration ask it instead of
 * testing policy names. It lives here, the lowest module that sees both decision cores: the stack policies of
 * {@link MergePolicies} (module merge-policies) and the {@link LeveledPolicy}. AsterixDB's own policies are not in
 * it: they keep their stock meaning and validation ({@link MergePolicies#STOCK_ASTERIXDB_POLICIES}).
 */
public final class PolicyCatalog {

    private static final Set<IndexKind> ANY_INDEX = EnumSet.allOf(IndexKind.class);
    /**
     * A leveled merge cuts its output by the entries' MBRs (an R-tree) or along the key order (a B-tree); an inverted
     * index has neither bound a merge could cut by.
     */
    private static final Set<IndexKind> LEVELED_INDEXES = EnumSet.of(IndexKind.RTREE, IndexKind.BTREE);

    private static final List<CatalogPolicy> ALL = Stream.concat(
            MergePolicies.all().stream().map(stack -> new CatalogPolicy(stack.name(), stack.description(),
                    Family.STACK, stack.schema(), ANY_INDEX)),
            Stream.of(new CatalogPolicy(LeveledPolicy.NAME,
                    "LevelDB-style leveling with spatial overlap tests: level 0 holds up to B0 flushed components,"
                            + " level i up to B^i; merges cut their output into spatially partitioned components"
                            + " (R-trees) or key ranges (B-trees)",
                    Family.LEVELED, LeveledPolicy.PARAMETERS, LEVELED_INDEXES)))
            .toList();

    private PolicyCatalog() {
    }

    /** Every policy: the stack policies in {@link MergePolicies}' order, then the leveled policy. */
    public static List<CatalogPolicy> all() {
        return ALL;
    }

    public static List<String> names() {
        return ALL.stream().map(CatalogPolicy::name).toList();
    }

    public static Optional<CatalogPolicy> find(String name) {
        return ALL.stream().filter(policy -> policy.name().equals(name)).findFirst();
    }

    /** @throws UnknownPolicyException with a one-line message listing the catalog's names */
    public static CatalogPolicy byName(String name) {
        return find(name).orElseThrow(() -> MergePolicies.unknown(name, names()));
    }
}
