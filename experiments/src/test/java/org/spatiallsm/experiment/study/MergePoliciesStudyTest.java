package org.spatiallsm.experiment.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.ExperimentRunner;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.Scale;

/** The merge-policy study's knobs: their presets, and one line for a mistyped value, before any run starts. */
class MergePoliciesStudyTest {

    private static final MergePoliciesStudy STUDY = new MergePoliciesStudy();

    private static List<Configuration> configurations(String... overrides) {
        return STUDY.configurations(Parameters.of(ExperimentRunner.preset(STUDY, Scale.SMALL), List.of(overrides)));
    }

    @Test
    void thePrimaryIndexVariantsAreConfigurationsOfTheListedPolicies() {
        assertThat(configurations("workload=update", "keys=sequential", "policies=binomial,leveled"))
                .extracting(Configuration::id).containsExactly("binomial", "leveled");
        assertThat(configurations("index=rtree", "policies=tiered")).extracting(Configuration::id)
                .containsExactly("tiered");
    }

    @Test
    void aMistypedKnobValueIsOneLineNamingTheAllowedValues() {
        assertThatThrownBy(() -> configurations("workload=updates"))
                .hasMessage("parameter workload is append or update, got 'updates'");
        assertThatThrownBy(() -> configurations("keys=random")).hasMessage(
                "parameter keys is hashed or sequential, got 'random'");
        assertThatThrownBy(() -> configurations("index=btree")).hasMessage(
                "parameter index is primary or rtree, got 'btree'");
        assertThatThrownBy(() -> configurations("policies=binomal")).hasMessageStartingWith(
                "unknown policy 'binomal' in parameter policies");
        assertThatThrownBy(() -> configurations("lookups=-1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("lookups");
    }
}
