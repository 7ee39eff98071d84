package org.spatiallsm.asterixdb.merge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.spatiallsm.asterixdb.merge.EngineMergePolicies.Registration;
import org.spatiallsm.merge.ParameterSpec;
import org.spatiallsm.partitioning.catalog.CatalogPolicy;
import org.spatiallsm.partitioning.catalog.PolicyCatalog;

/**
 * The engine registers exactly the catalog's policies: a catalog policy without a registration would pass the DDL
 * parser and fail only when AsterixDB creates the index, and a registration without a catalog entry could not be
 * written in DDL.
 */
class EngineMergePoliciesTest {

    @Test
    void everyCatalogPolicyIsRegisteredAndNothingElse() {
        assertThat(EngineMergePolicies.ALL.stream().map(Registration::policyName))
                .containsExactlyInAnyOrderElementsOf(PolicyCatalog.names());
        assertThat(EngineMergePolicies.ALL.stream().map(Registration::registryId).distinct()).hasSize(
                EngineMergePolicies.ALL.size());
    }

    @Test
    void eachFactoryNamesItsRegistrationAndDeclaresTheCatalogsParameters() {
        for (Registration registration : EngineMergePolicies.ALL) {
            var factory = registration.factory().get();
            CatalogPolicy policy = PolicyCatalog.byName(registration.policyName());
            Set<String> parameters = policy.parameters().stream().map(ParameterSpec::name).collect(Collectors.toSet());

            assertThat(factory).isInstanceOf(registration.factoryClass());
            assertThat(factory.getName()).isEqualTo(registration.policyName());
            assertThat(factory.getPropertiesNames()).as("properties of %s", policy.name()).isEqualTo(parameters);
        }
    }
}
