package org.spatiallsm.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ParametersTest {

    private static final Map<String, String> PRESET = new LinkedHashMap<>();

    static {
        PRESET.put("records", "100");
        PRESET.put("sigmas", "3,5");
    }

    @Test
    void anOverrideReplacesThePresetAndIsListedAsChanged() {
        Parameters parameters = Parameters.of(PRESET, List.of("records=200", "sigmas=3,5"));

        assertThat(parameters.whole("records", 1)).isEqualTo(200);
        assertThat(parameters.numbers("sigmas")).containsExactly(3.0, 5.0);
        assertThat(parameters.changed()).containsExactly("records");
    }

    @Test
    void anUnknownOrMalformedParameterIsAOneLineErrorNamingTheValidOnes() {
        assertThatThrownBy(() -> Parameters.of(PRESET, List.of("rows=1"))).hasMessage(
                "unknown parameter 'rows'; valid: records, sigmas");
        assertThatThrownBy(() -> Parameters.of(PRESET, List.of("records"))).hasMessageContaining("NAME=VALUE");
        assertThatThrownBy(() -> Parameters.of(PRESET, List.of("records=x")).whole("records", 1))
                .hasMessage("parameter records must be an integer, got 'x'");
        assertThatThrownBy(() -> Scale.named("huge")).hasMessage(
                "unknown scale 'huge'; valid: smoke, small, medium, large");
        assertThatThrownBy(() -> Studies.named("x")).hasMessageStartingWith("unknown study 'x'; valid: ");
    }

    @Test
    void cellsAreNumbersTextOrEmpty() {
        assertThat(CsvFile.cell(null)).isEmpty();
        assertThat(CsvFile.cell(1.5)).isEqualTo("1.5");
        assertThat(CsvFile.cell(2.0)).isEqualTo("2");
        assertThat(CsvFile.cell(Double.NaN)).isEmpty();
        assertThat(CsvFile.cell("a,b")).isEqualTo("\"a,b\"");
        assertThat(ClusterSession.bytes("64MB")).hasValue(64L << 20);
        assertThat(ClusterSession.bytes("1024")).hasValue(1024);
    }
}
