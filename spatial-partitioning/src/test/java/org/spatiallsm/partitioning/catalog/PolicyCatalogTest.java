package org.spatiallsm.partitioning.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.InvalidPolicyParameterException;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.UnknownPolicyException;
import org.spatiallsm.partitioning.catalog.CatalogPolicy.Family;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;

class PolicyCatalogTest {

    @Test
    void listsEveryStackPolicyThenTheLeveledPolicy() {
        assertThat(PolicyCatalog.names()).containsExactly("binomial", "min-latency", "tiered", "bigtable",
                "exploring", "constant-all", "leveled");
        for (PolicyDescriptor stack : MergePolicies.all()) {
            CatalogPolicy policy = PolicyCatalog.byName(stack.name());
            assertThat(policy.family()).isEqualTo(Family.STACK);
            assertThat(policy.parameters()).isEqualTo(stack.parameters());
        }
        assertThat(PolicyCatalog.byName("leveled").parameters()).isEqualTo(LeveledPolicy.PARAMETERS.parameters());
    }

    @Test
    void stackPoliciesApplyToEveryIndexAndLeveledToRTreesAndBTrees() {
        for (CatalogPolicy policy : PolicyCatalog.all()) {
            boolean leveled = policy.family() == Family.LEVELED;
            assertThat(policy.appliesTo(IndexKind.RTREE)).isTrue();
            assertThat(policy.appliesTo(IndexKind.BTREE)).isTrue();
            assertThat(policy.appliesTo(IndexKind.INVERTED)).isEqualTo(!leveled);
            assertThat(policy.appliesToEveryIndex()).isEqualTo(!leveled);
        }
        assertThat(PolicyCatalog.byName("leveled").indexKindsText()).isEqualTo("B-tree and R-tree indexes");
        assertThat(PolicyCatalog.byName("tiered").indexKindsText()).isEqualTo("B-tree and R-tree and inverted indexes");
    }

    @Test
    void parsesWithDefaultsAndTheStackPolicysCrossChecks() {
        assertThat(PolicyCatalog.byName("binomial").parse(Map.of("num-components", "8")).values())
                .containsExactly(Map.entry("k", "8"));
        assertThat(PolicyCatalog.byName("binomial").parse(Map.of()).descriptor().name()).isEqualTo("binomial");
        assertThat(PolicyCatalog.byName("leveled").parse(Map.of("pick", "oldest")).values())
                .containsEntry("pick", "oldest").containsEntry("size-ratio", "10");
        assertThatThrownBy(() -> PolicyCatalog.byName("exploring").parse(Map.of("min-merge", "6", "max-merge", "5")))
                .isInstanceOf(InvalidPolicyParameterException.class).hasMessageContaining("'min-merge'");
        assertThat(PolicyCatalog.byName("leveled").hasParameter("partitioning")).isTrue();
        assertThat(PolicyCatalog.byName("tiered").hasParameter("partitioning")).isFalse();
    }

    @Test
    void anUnknownNameListsTheWholeCatalog() {
        assertThatThrownBy(() -> PolicyCatalog.byName("binomal")).isInstanceOf(UnknownPolicyException.class)
                .hasMessage("unknown merge policy 'binomal'; known policies: binomial, min-latency, tiered, bigtable,"
                        + " exploring, constant-all, leveled");
        assertThatThrownBy(() -> PolicyCatalog.byName("prefix")).hasMessageContaining("AsterixDB stock policy");
    }

    @Test
    void indexKindsOfAsterixDbsIndexTypes() {
        assertThat(IndexKind.ofIndexType("BTREE")).isEqualTo(IndexKind.BTREE);
        assertThat(IndexKind.ofIndexType("ARRAY")).isEqualTo(IndexKind.BTREE);
        assertThat(IndexKind.ofIndexType("rtree")).isEqualTo(IndexKind.RTREE);
        assertThat(IndexKind.ofIndexType("LENGTH_PARTITIONED_NGRAM_INVIX")).isEqualTo(IndexKind.INVERTED);
        assertThatThrownBy(() -> IndexKind.ofIndexType("QUADTREE")).hasMessage("unknown index type QUADTREE");
    }
}
