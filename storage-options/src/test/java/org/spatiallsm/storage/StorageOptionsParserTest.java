package org.spatiallsm.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class StorageOptionsParserTest {

    @Test
    void ourDatasetPolicyIsCanonicalWithDefaultsFilledIn() {
        Map<String, Object> with = Map.of("merge-policy", Map.of("name", "tiered", "parameters", Map.of("size-ratio", 8.0)));

        assertThat(StorageOptionsParser.namesOurMergePolicy(with)).isTrue();
        assertThat(StorageOptionsParser.datasetMergePolicy(with)).isEqualTo(
                new MergePolicyChoice("tiered", Map.of("size-ratio", "8", "high-bucket", "1.2")));
    }

    @Test
    void stockPoliciesAreNotOurs() {
        assertThat(StorageOptionsParser.namesOurMergePolicy(Map.of("merge-policy", Map.of("name", "prefix")))).isFalse();
        assertThat(StorageOptionsParser.namesOurMergePolicy(Map.of("node-group", "ng"))).isFalse();
    }

    @Test
    void indexOptionsCarryPolicyAndComparator() {
        IndexStorageOptions options = StorageOptionsParser.indexOptions(Map.of("merge-policy",
                Map.of("name", "prefix", "parameters", Map.of("max-mergable-component-size", 1048576L,
                        "max-tolerance-component-count", 3.0)), "comparator", "simple"), "RTREE");

        assertThat(options.mergePolicy()).contains(new MergePolicyChoice("prefix",
                Map.of("max-mergable-component-size", "1048576", "max-tolerance-component-count", "3")));
        assertThat(options.comparator()).contains(RTreeComparator.SIMPLE);
    }

    @Test
    void everyErrorNamesTheOffendingItemAndWhatIsAllowed() {
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("colour", "red"), "RTREE"))
                .hasMessage("unknown index option \"colour\"; allowed: merge-policy, comparator");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("comparator", "simple"), "BTREE"))
                .hasMessageContaining("only to R-tree indexes");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("comparator", "peano"), "RTREE"))
                .hasMessage("unknown comparator \"peano\"; allowed: hilbert, zorder, simple, hilbert-stock, zorder-stock");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "x")), "RTREE"))
                .hasMessageStartingWith("unknown merge policy \"x\"; known policies: bigtable, binomial");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(
                Map.of("merge-policy", Map.of("name", "binomial", "parameters", Map.of("k", "4"))), "RTREE"))
                .hasMessageContaining("\"k\"").hasMessageContaining("must be a number");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(
                Map.of("merge-policy", Map.of("name", "correlated-prefix")), "BTREE"))
                .hasMessageContaining("dataset only");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(
                Map.of("merge-policy", Map.of("name", "binomial", "k", 4)), "RTREE"))
                .hasMessage("unknown field \"k\" in \"merge-policy\"; allowed: name, parameters");
    }

    @Test
    void hintsRoundTripAndStayPerIndex() {
        IndexStorageOptions options = new IndexStorageOptions(
                Optional.of(new MergePolicyChoice("binomial", Map.of("k", "3"))), Optional.of(RTreeComparator.ZORDER));
        Map<String, String> hints = new java.util.HashMap<>(options.toHints("loc"));
        hints.put("unrelated", "1");
        hints.putAll(IndexStorageOptions.NONE.toHints("other"));

        assertThat(IndexStorageOptions.fromHints("loc", hints)).isEqualTo(options);
        assertThat(IndexStorageOptions.fromHints("other", hints)).isEqualTo(IndexStorageOptions.NONE);
        assertThat(IndexStorageOptions.withoutIndex("loc", hints)).containsOnlyKeys("unrelated");
    }

    @Test
    void organisationRoundTripsWithItsParameters() {
        IndexStorageOptions options = new IndexStorageOptions(Optional.empty(), Optional.empty(),
                Optional.of(new IndexOrganisation(IndexOrganisation.SHB, Map.of("space", "-180,-90,180,90"))));
        Map<String, String> hints = options.toHints("shbLoc");

        assertThat(IndexStorageOptions.fromHints("shbLoc", hints)).isEqualTo(options);
        assertThat(IndexStorageOptions.fromHints("shbLoc", hints).isEmpty()).isFalse();
    }

    @Test
    void unknownOrganisationIsOneLine() {
        assertThatThrownBy(() -> IndexOrganisation.of("quadtree"))
                .hasMessage("unknown index organisation \"quadtree\"; allowed: dhb, dhvb, shb, sif");
    }
}
