package org.spatiallsm.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

class MergePoliciesTest {

    /** The WITH-parameter names AsterixDB 0.9.8's closed schema accepts. */
    private static final Set<String> ZERO_NINE_EIGHT_NAMES = Set.of("max-mergable-component-size",
            "max-tolerance-component-count", "num-components", "size-ratio", "max-component-count",
            "min-merge-component-count", "max-merge-component-count");

    @Test
    void listsTheSixPoliciesOfTheStudy() {
        assertThat(MergePolicies.all()).extracting(PolicyDescriptor::name)
                .containsExactly("binomial", "min-latency", "tiered", "bigtable", "exploring", "constant-all");
    }

    @Test
    void neverShadowsAnAsterixDbStockPolicy() {
        assertThat(MergePolicies.all()).extracting(PolicyDescriptor::name)
                .doesNotContainAnyElementsOf(MergePolicies.STOCK_ASTERIXDB_POLICIES);
    }

    @Test
    void everyParameterMapsToADistinctZeroNineEightNameOfTheRightType() {
        for (PolicyDescriptor descriptor : MergePolicies.all()) {
            Set<String> legacyNames = new HashSet<>();
            for (ParameterSpec parameter : descriptor.parameters()) {
                assertThat(parameter.legacyName()).isIn(ZERO_NINE_EIGHT_NAMES);
                assertThat(legacyNames.add(parameter.legacyName())).as("%s reuses %s", descriptor.name(),
                        parameter.legacyName()).isTrue();
                // 0.9.8 types size-ratio as a double and the others as int64.
                assertThat(parameter.legacyName().equals("size-ratio"))
                        .isEqualTo(parameter.type() == ParameterSpec.Type.DECIMAL);
                assertThat(parameter.defaultValue()).isBetween(parameter.min(), parameter.max());
            }
            List<String> names = descriptor.parameters().stream().map(ParameterSpec::name).toList();
            assertThat(names).as("natural names of %s must not be 0.9.8 names of another parameter",
                    descriptor.name()).doesNotContainAnyElementsOf(legacyNames.stream()
                            .filter(legacy -> !names.contains(legacy)).toList());
        }
    }

    @Test
    void everyPolicyBuildsFromItsDefaults() {
        // Each policy's toString names its class of schedule and every parameter value it was built with.
        assertThat(MergePolicies.all()).extracting(descriptor -> descriptor.create(PolicyParameters.defaults(
                descriptor)).toString()).containsExactly("binomial(k=4)", "min-latency(k=4)",
                        "tiered(size-ratio=4, high-bucket=1.2)", "bigtable(k=4)",
                        "exploring(k=10, lambda=1.2, min-merge=3, max-merge=10)", "constant-all(k=4)");
    }

    @Test
    void findsByExactName() {
        assertThat(MergePolicies.find("tiered")).map(PolicyDescriptor::name).contains("tiered");
        assertThat(MergePolicies.find("Tiered")).isEmpty();
        assertThat(MergePolicies.byName("constant-all").name()).isEqualTo("constant-all");
    }

    @Test
    void unknownNamesGetAOneLineMessageListingTheKnownOnes() {
        assertThatThrownBy(() -> MergePolicies.byName("tiering")).isInstanceOf(UnknownPolicyException.class)
                .hasMessage("unknown merge policy 'tiering'; known policies: binomial, min-latency, tiered,"
                        + " bigtable, exploring, constant-all");
        assertThatThrownBy(() -> MergePolicies.byName("constant")).isInstanceOf(UnknownPolicyException.class)
                .hasMessageContaining("AsterixDB stock policy").hasMessageContaining("constant-all")
                .hasMessageNotContaining("\n");
    }
}
