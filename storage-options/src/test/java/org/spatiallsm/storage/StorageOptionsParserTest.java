package org.spatiallsm.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class StorageOptionsParserTest {

    @Test
    void ourDatasetPolicyIsCanonicalWithDefaultsFilledIn() {
        Map<String, Object> with = Map.of("merge-policy", Map.of("name", "tiered", "parameters", Map.of("size-ratio",
                8.0)));

        assertThat(StorageOptionsParser.answersForDatasetMergePolicy(with)).isTrue();
        assertThat(StorageOptionsParser.datasetMergePolicy(with)).isEqualTo(
                new MergePolicyChoice("tiered", Map.of("size-ratio", "8", "high-bucket", "1.2")));
    }

    @Test
    void stockPoliciesStayAsterixDbsAndUnknownNamesAreOurs() {
        assertThat(StorageOptionsParser.answersForDatasetMergePolicy(Map.of("merge-policy", Map.of("name", "prefix"))))
                .isFalse();
        assertThat(StorageOptionsParser.answersForDatasetMergePolicy(Map.of("node-group", "ng"))).isFalse();
        Map<String, Object> misspelled = Map.of("merge-policy",
                Map.of("name", "binomal", "parameters", Map.of("k", 4L)));
        assertThat(StorageOptionsParser.answersForDatasetMergePolicy(misspelled)).isTrue();
        assertThatThrownBy(() -> StorageOptionsParser.datasetMergePolicy(misspelled))
                .hasMessage("unknown merge policy \"binomal\"; known policies: bigtable, binomial, concurrent,"
                        + " constant, constant-all, correlated-prefix, exploring, leveled, min-latency, no-merge,"
                        + " prefix, tiered");
        assertThat(StorageOptionsParser.answersForDatasetMergePolicy(Map.of("merge-policy", "binomial"))).isTrue();
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
                .hasMessage("unknown index option \"colour\"; allowed: merge-policy, comparator, partitioning");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("comparator", "simple"), "BTREE"))
                .hasMessageContaining("only to R-tree indexes");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("comparator", "peano"), "RTREE"))
                .hasMessage("unknown comparator \"peano\"; allowed: hilbert, zorder, simple, hilbert-stock, "
                + "zorder-stock");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "x")),
                "RTREE"))
                .hasMessageStartingWith("unknown merge policy \"x\"; known policies: bigtable, binomial");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(
                Map.of("merge-policy", Map.of("name", "binomial", "parameters", Map.of("k", "4"))), "RTREE"))
                .hasMessageContaining("\"k\"").hasMessageContaining("must be a number");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy",
                Map.of("name", "binomial", "parameters", Map.of("k", Double.POSITIVE_INFINITY))), "RTREE"))
                .hasMessage("parameter \"k\" of merge policy \"binomial\" must be a finite number; got Infinity (a "
                        + "number beyond a double's range, such as 1e400, reads as Infinity)");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(
                Map.of("merge-policy", Map.of("name", "correlated-prefix")), "BTREE"))
                .hasMessageContaining("dataset only");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(
                Map.of("merge-policy", Map.of("name", "binomial", "k", 4)), "RTREE"))
                .hasMessage("unknown field \"k\" in \"merge-policy\"; allowed: name, parameters");
    }

    /** Every leveled parameter, as the core's defaults give them, with {@code changes} applied. */
    private static Map<String, String> leveledDefaultsWith(Map<String, String> changes) {
        Map<String, String> values = new LinkedHashMap<>(Map.of("level0-components", "2", "size-ratio", "10",
                "pick", "min-overlap", "overlap-mode", "relative", "rewrite", "false", "partitioning", "size",
                "max-component-entries", "0", "seed", "0", "memory-budget", "1000000"));
        values.putAll(changes);
        return values;
    }

    @Test
    void leveledIsValidatedByItsCoreWithDefaultsFilledInAndPartitioningFoldedIn() {
        IndexStorageOptions options = StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name",
                "leveled", "parameters", Map.of("level0-components", 2L, "size-ratio", 10.0, "pick", "round-robin",
                        "rewrite", true)), "partitioning", "str", "comparator", "simple"), "RTREE");

        assertThat(options.mergePolicy()).contains(new MergePolicyChoice("leveled",
                leveledDefaultsWith(Map.of("pick", "round-robin", "rewrite", "true", "partitioning", "str"))));
        assertThat(options.comparator()).contains(RTreeComparator.SIMPLE);
        assertThat(StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled")), "rtree")
                .mergePolicy()).contains(new MergePolicyChoice("leveled", leveledDefaultsWith(Map.of())));
        assertThat(StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled"),
                "partitioning", "rstar-grove-perimeter"), "RTREE").mergePolicy()).contains(new MergePolicyChoice(
                        "leveled", leveledDefaultsWith(Map.of("partitioning", "rstar-grove-perimeter"))));
        // The same value given both ways is no contradiction.
        assertThat(StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled", "parameters",
                Map.of("partitioning", "str")), "partitioning", "str"), "RTREE").mergePolicy().orElseThrow()
                .parameters()).containsEntry("partitioning", "str");
    }

    @Test
    void leveledErrorsAreOneLineAndNameTheOffendingItem() {
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled",
                "parameters", Map.of("size-ratio", 1))), "RTREE"))
                .hasMessage("merge policy 'leveled': invalid value '1' for parameter 'size-ratio' (allowed: an integer "
                        + "from 2 to 1000)");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled",
                "parameters", Map.of("pick", "largest"))), "RTREE"))
                .hasMessageStartingWith("merge policy 'leveled': invalid value 'largest' for parameter 'pick' "
                        + "(allowed: one of oldest, newest, min-overlap");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled",
                "parameters", Map.of("fanout", 3))), "RTREE"))
                .hasMessageStartingWith("merge policy 'leveled': unknown parameter 'fanout'");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled"),
                "partitioning", "quadtree"), "RTREE"))
                .hasMessage("invalid value \"quadtree\" for option \"partitioning\"; allowed: size, str, "
                        + "rstar-grove-area, rstar-grove-perimeter");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("partitioning", "str"), "RTREE"))
                .hasMessage("option \"partitioning\" applies only to the merge policy \"leveled\"; add "
                        + "\"merge-policy\": {\"name\": \"leveled\"} or leave \"partitioning\" out");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "tiered"),
                "partitioning", "str"), "RTREE")).hasMessageStartingWith("option \"partitioning\" applies only");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled",
                "parameters", Map.of("partitioning", "size")), "partitioning", "str"), "RTREE"))
                .hasMessage("option \"partitioning\" (\"str\") contradicts parameter \"partitioning\" (\"size\") of "
                        + "merge policy \"leveled\"; give it once");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled")),
                "SINGLE_PARTITION_WORD_INVIX")).hasMessage("merge policy \"leveled\" applies to B-tree and R-tree "
                        + "indexes only, not to inverted indexes");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled",
                "parameters", Map.of("pick", Map.of()))), "RTREE"))
                .hasMessage("parameter \"pick\" of merge policy \"leveled\" must be a number or a word; got {}");
    }

    @Test
    void leveledOnADatasetIsItsPrimaryIndexsWithThePrimaryDefaults() {
        Map<String, Object> with = Map.of("merge-policy", Map.of("name", "leveled"));

        assertThat(StorageOptionsParser.answersForDatasetMergePolicy(with)).isTrue();
        MergePolicyChoice policy = StorageOptionsParser.datasetMergePolicy(with);
        assertThat(policy.name()).isEqualTo("leveled");
        assertThat(policy.parameters()).containsEntry("level0-components", "10").containsEntry("size-ratio", "10")
                .containsEntry("partitioning", "size");
        MergePolicyChoice given = StorageOptionsParser.datasetMergePolicy(Map.of("merge-policy", Map.of("name",
                "leveled", "parameters", Map.of("level0-components", 3, "size-ratio", 5))));
        assertThat(given.parameters()).containsEntry("level0-components", "3").containsEntry("size-ratio", "5");
        assertThatThrownBy(() -> StorageOptionsParser.datasetMergePolicy(Map.of("merge-policy",
                Map.of("name", "leveled", "parameters", Map.of("partitioning", "str")))))
                .hasMessageStartingWith("partitioning \"str\" cuts by the entries' MBRs and needs an R-tree");
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

    @Test
    void leveledOnAnOrganisationIsALeveledBTreeWithTheSecondaryDefaults() {
        for (String organisation : IndexOrganisation.KINDS) {
            Map<String, String> values = StorageOptionsParser.indexOptions(
                    Map.of("merge-policy", Map.of("name", "leveled")), "RTREE",
                    Optional.of(IndexOrganisation.of(organisation))).mergePolicy().orElseThrow().parameters();
            assertThat(values).containsEntry("level0-components", "2").containsEntry("size-ratio", "4")
                    .containsEntry("partitioning", "size");
        }
    }

    @Test
    void aSpatialPartitioningOnAnOrganisationIsOneLine() {
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(
                Map.of("merge-policy", Map.of("name", "leveled", "parameters", Map.of("partitioning", "str"))),
                "RTREE", Optional.of(IndexOrganisation.of(IndexOrganisation.DHVB))))
                .hasMessage("partitioning \"str\" cuts by the entries' MBRs and needs an R-tree; a leveled B-tree"
                        + " cuts its merges along the key order: partitioning \"size\"");
    }

    @Test
    void leveledOnABTreeCutsByKeyOrderWithTheSecondaryDefaults() {
        Map<String, String> values = StorageOptionsParser.indexOptions(
                Map.of("merge-policy", Map.of("name", "leveled")), "BTREE").mergePolicy().orElseThrow().parameters();
        assertThat(values).containsEntry("level0-components", "2").containsEntry("size-ratio", "4")
                .containsEntry("partitioning", "size");
        Map<String, String> given = StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name",
                "leveled", "parameters", Map.of("size-ratio", 10))), "BTREE").mergePolicy().orElseThrow().parameters();
        assertThat(given).containsEntry("size-ratio", "10");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled"),
                "partitioning", "str"), "BTREE")).hasMessage("partitioning \"str\" cuts by the entries' MBRs and"
                        + " needs an R-tree; a leveled B-tree cuts its merges along the key order: partitioning"
                        + " \"size\"");
        assertThat(StorageOptionsParser.indexOptions(Map.of("merge-policy", Map.of("name", "leveled")), "RTREE")
                .mergePolicy().orElseThrow().parameters()).containsEntry("size-ratio", "10");
    }
}
