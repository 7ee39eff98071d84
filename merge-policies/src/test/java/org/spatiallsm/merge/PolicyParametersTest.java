package org.spatiallsm.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.Map;

import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PolicyParametersTest {

    private static final PolicyDescriptor BINOMIAL = MergePolicies.byName("binomial");
    private static final PolicyDescriptor TIERED = MergePolicies.byName("tiered");
    private static final PolicyDescriptor EXPLORING = MergePolicies.byName("exploring");

    @Test
    void missingParametersTakeTheirDefaults() {
        PolicyParameters exploring = PolicyParameters.defaults(EXPLORING);

        assertThat(exploring.values()).containsExactly(Map.entry("k", "10"), Map.entry("lambda", "1.2"),
                Map.entry("min-merge", "3"), Map.entry("max-merge", "10"));
        assertThat(exploring.getInt("k")).isEqualTo(10);
        assertThat(exploring.getDouble("lambda")).isEqualTo(1.2);
    }

    @Test
    void acceptsNaturalAndLegacyNamesAndIntegersWrittenAsDecimals() {
        assertThat(PolicyParameters.parse(BINOMIAL, Map.of("k", "7")).getInt("k")).isEqualTo(7);
        assertThat(PolicyParameters.parse(BINOMIAL, Map.of("num-components", "7.0")).getInt("k")).isEqualTo(7);
        assertThat(PolicyParameters.parse(TIERED, Map.of("num-components", "2", "high-bucket", "1.50")).values())
                .containsExactly(Map.entry("size-ratio", "2"), Map.entry("high-bucket", "1.5"));
    }

    @Test
    void aNaturalNameWinsOverAnotherParametersLegacyName() {
        // Tiered's B is size-ratio; high-bucket's 0.9.8 name is also size-ratio, and must not capture it.
        assertThat(PolicyParameters.parse(TIERED, Map.of("size-ratio", "8")).values())
                .containsExactly(Map.entry("size-ratio", "8"), Map.entry("high-bucket", "1.2"));
    }

    @ParameterizedTest(name = "k={0}")
    @CsvSource({ "4.5, an integer from 1 to 1000", "0, an integer from 1 to 1000", "1001, an integer from 1 to 1000",
            "four, an integer from 1 to 1000", "'', an integer from 1 to 1000" })
    void rejectsBadValuesNamingPolicyParameterValueAndRange(String value, String allowed) {
        assertInvalid(BINOMIAL, Map.of("k", value)).hasMessage("merge policy 'binomial': invalid value '" + value
                + "' for parameter 'k' (allowed: " + allowed + ")");
    }

    @Test
    void rejectsADecimalOutOfRange() {
        assertInvalid(TIERED, Map.of("high-bucket", "0.5")).hasMessage(
                "merge policy 'tiered': invalid value '0.5' for parameter 'high-bucket' (allowed: a decimal number"
                        + " from 1.0 to 100.0)");
    }

    @Test
    void rejectsUnknownNamesListingTheAllowedOnes() {
        assertInvalid(BINOMIAL, Map.of("size-ratio", "1.2")).hasMessage(
                "merge policy 'binomial': unknown parameter 'size-ratio' (value '1.2'); allowed parameters:"
                        + " k (0.9.8: num-components)");
    }

    @Test
    void rejectsAParameterGivenUnderBothNames() {
        assertInvalid(BINOMIAL, Map.of("k", "4", "num-components", "5")).hasMessage(
                "merge policy 'binomial': parameter 'k' is given twice, as k=4 and as num-components=5"
                        + " (allowed: give it once, under either name)");
    }

    @Test
    void rejectsContradictoryExploringWindowBounds() {
        assertInvalid(EXPLORING, Map.of("min-merge", "6", "max-merge", "5")).hasMessage(
                "merge policy 'exploring': invalid value '6' for parameter 'min-merge' (allowed: an integer from 2"
                        + " to max-merge (5))");
        assertInvalid(EXPLORING, Map.of("k", "3", "min-merge", "4")).hasMessageContaining("'min-merge'")
                .hasMessageEndingWith("to k (3))");
    }

    @Test
    void messagesStayOnOneLineWhateverTheValue() {
        Map<String, String> raw = new HashMap<>();
        raw.put("k", "4\n5");
        assertInvalid(BINOMIAL, raw).hasMessageNotContaining("\n");
        raw.put("k", null);
        assertInvalid(BINOMIAL, raw).hasMessageContaining("invalid value 'null' for parameter 'k'");
    }

    @Test
    void accessorsRejectNamesTheyDoNotKnowOrTheWrongType() {
        PolicyParameters tiered = PolicyParameters.defaults(TIERED);

        assertThatIllegalArgumentException().isThrownBy(() -> tiered.getInt("k"));
        assertThatIllegalArgumentException().isThrownBy(() -> tiered.getInt("high-bucket"));
        assertThat(tiered.getDouble("size-ratio")).isEqualTo(4.0);
    }

    private static AbstractThrowableAssert<?, ? extends Throwable> assertInvalid(PolicyDescriptor descriptor,
            Map<String, String> raw) {
        return assertThatThrownBy(() -> PolicyParameters.parse(descriptor, raw))
                .isInstanceOf(InvalidPolicyParameterException.class).hasMessageNotContaining("\n");
    }
}
