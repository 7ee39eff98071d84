package org.spatiallsm.merge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.ParameterSpec.Type;

/** A schema outside the stack catalog, with a choice parameter and a parameter that has no 0.9.8 name. */
class ParameterSchemaTest {

    private static final ParameterSchema SCHEMA = new ParameterSchema("demo", List.of(
            new ParameterSpec("ratio", Type.INTEGER, 10, 2, 100, "size-ratio", "a number with a 0.9.8 name"),
            ParameterSpec.choice("mode", "relative", List.of("relative", "absolute"), null, "a word")),
            values -> {
                if (values.getInt("ratio") == 13) {
                    throw InvalidPolicyParameterException.invalidValue("demo", "ratio", "13", "anything but 13");
                }
            });

    @Test
    void choicesParseToTheirWordAndDefaultToTheirDefault() {
        assertThat(PolicyParameters.defaults(SCHEMA).values())
                .containsExactly(Map.entry("ratio", "10"), Map.entry("mode", "relative"));
        PolicyParameters parsed = PolicyParameters.parse(SCHEMA, Map.of("mode", " absolute ", "size-ratio", "4"));
        assertThat(parsed.getChoice("mode")).isEqualTo("absolute");
        assertThat(parsed.getInt("ratio")).isEqualTo(4);
        assertThat(parsed.policy()).isEqualTo("demo");
        assertThat(SCHEMA.parameters().get(1).defaultText()).isEqualTo("relative");
    }

    @Test
    void aBadWordListsTheChoicesAndCrossChecksRun() {
        assertThatIllegalArgumentException().isThrownBy(() -> PolicyParameters.parse(SCHEMA, Map.of("mode", "x")))
                .withMessage("merge policy 'demo': invalid value 'x' for parameter 'mode' (allowed: one of relative,"
                        + " absolute)");
        assertThatIllegalArgumentException().isThrownBy(() -> PolicyParameters.parse(SCHEMA, Map.of("ratio", "13")))
                .withMessage("merge policy 'demo': invalid value '13' for parameter 'ratio' (allowed: anything but"
                        + " 13)");
        assertThatIllegalArgumentException().isThrownBy(() -> PolicyParameters.parse(SCHEMA, Map.of("k", "1")))
                .withMessage("merge policy 'demo': unknown parameter 'k' (value '1'); allowed parameters: ratio"
                        + " (0.9.8: size-ratio), mode");
    }

    @Test
    void choicesAreNotNumbersAndTheValuesHaveNoStackDescriptor() {
        PolicyParameters parsed = PolicyParameters.defaults(SCHEMA);

        assertThatIllegalArgumentException().isThrownBy(() -> parsed.getDouble("mode"));
        assertThatIllegalArgumentException().isThrownBy(() -> parsed.getChoice("ratio"));
        assertThatIllegalStateException().isThrownBy(parsed::descriptor)
                .withMessage("merge policy 'demo' is not a stack merge policy");
    }
}
