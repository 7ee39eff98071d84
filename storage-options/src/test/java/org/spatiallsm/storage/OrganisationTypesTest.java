package org.spatiallsm.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.spatiallsm.organisations.grid.GridParameters;

class OrganisationTypesTest {

    private static final List<String> WORLD = List.of("-180.0", "-90.0", "180.0", "90.0");

    private static List<String> plus(List<String> first, String... more) {
        List<String> all = new java.util.ArrayList<>(first);
        all.addAll(List.of(more));
        return all;
    }

    @Test
    void hilbertTreesHaveNoParameters() {
        assertThat(OrganisationTypes.fromDdl("DHVBTREE", null)).isEqualTo(IndexOrganisation.of("dhvb"));
        assertThat(OrganisationTypes.fromDdl("dhbtree", null)).isEqualTo(IndexOrganisation.of("dhb"));
        assertThatThrownBy(() -> OrganisationTypes.fromDdl("DHVBTREE", List.of("1")))
                .hasMessage("TYPE DHVBTREE takes no parameters; got 1");
    }

    @Test
    void gridParametersAreCanonicalWithDefaultsFilledIn() {
        assertThat(OrganisationTypes.fromDdl("SHBTREE", WORLD)).isEqualTo(new IndexOrganisation("shb",
                Map.of("space", "-180,-90,180,90", "densities", "l,l,l,l,h,m", "cells-per-object", "1024")));
        assertThat(OrganisationTypes.fromDdl("SHBTREE", null)).isEqualTo(OrganisationTypes.fromDdl("SHBTREE", WORLD));
        assertThat(OrganisationTypes.fromDdl("SHBTREE", plus(WORLD, "h", "h", "h", "h", "l", "l", "64")))
                .isEqualTo(new IndexOrganisation("shb",
                        Map.of("space", "-180,-90,180,90", "densities", "h,h,h,h,l,l", "cells-per-object", "64")));
        assertThat(OrganisationTypes.fromDdl("SHBTREE", plus(List.of("0", "0", "10.5", "20"), "8")).parameters())
                .containsEntry("space", "0,0,10.5,20").containsEntry("cells-per-object", "8");
        assertThat(OrganisationTypes.fromDdl("SIF", plus(WORLD, "m", "m", "m", "m", "m", "M")))
                .isEqualTo(new IndexOrganisation("sif", Map.of("space", "-180,-90,180,90", "densities",
                        "m,m,m,m,m,m")));
    }

    @Test
    void storedParametersGiveTheGridBack() {
        IndexOrganisation shb = OrganisationTypes.fromDdl("SHBTREE", plus(WORLD, "l", "l", "l", "l", "h", "h", "99"));

        GridParameters grid = OrganisationTypes.gridParameters(shb);

        assertThat(grid.densityLetters()).isEqualTo("l,l,l,l,h,h");
        assertThat(grid.cellsPerObject()).isEqualTo(99);
        assertThat(OrganisationTypes.gridParameters(OrganisationTypes.fromDdl("SIF", null)))
                .isEqualTo(GridParameters.DEFAULTS);
    }

    @Test
    void everyBadValueIsNamedInOneLine() {
        assertThatThrownBy(() -> OrganisationTypes.fromDdl("QUADTREE", null)).hasMessage("unknown index type "
                + "QUADTREE; allowed: BTREE, RTREE, KEYWORD, FULLTEXT, NGRAM(n), DHBTREE, DHVBTREE, SHBTREE(...), "
                + "SIF(...)");
        assertThatThrownBy(() -> OrganisationTypes.fromDdl("SHBTREE", List.of("180.0", "-90.0", "-180.0", "90.0")))
                .hasMessage("TYPE SHBTREE: grid space 180,-90,-180,90 must have x1 < x2 and y1 < y2 (bottom-left "
                        + "corner, then top-right corner)");
        assertThatThrownBy(() -> OrganisationTypes.fromDdl("SHBTREE", plus(WORLD, "l", "l", "l", "l", "h", "x")))
                .hasMessage("TYPE SHBTREE: unknown grid density 'x': expected l (4x4), m (8x8) or h (16x16)");
        assertThatThrownBy(() -> OrganisationTypes.fromDdl("SHBTREE", plus(WORLD, "0")))
                .hasMessage("TYPE SHBTREE: cells per object must be from 1 to 65536, was 0");
        assertThatThrownBy(() -> OrganisationTypes.fromDdl("SHBTREE", List.of("1", "2", "3")))
                .hasMessage("TYPE SHBTREE takes 4, 5, 10 or 11 parameters (x1, y1, x2, y2[, six level densities "
                        + "l/m/h][, cells per object]); got 3");
        assertThatThrownBy(() -> OrganisationTypes.fromDdl("SIF", plus(WORLD, "1024")))
                .hasMessage("TYPE SIF takes 4 or 10 parameters (x1, y1, x2, y2[, six level densities l/m/h]); got 5");
        assertThatThrownBy(() -> OrganisationTypes.fromDdl("SIF", List.of("l", "-90", "180", "90")))
                .hasMessage("TYPE SIF: grid space 'l,-90,180,90': 'l' is not a number");
    }

    @Test
    void anOrganisationTakesOnlyAMergePolicy() {
        Optional<IndexOrganisation> dhvb = Optional.of(IndexOrganisation.of("dhvb"));

        IndexStorageOptions options = StorageOptionsParser.indexOptions(
                Map.of("merge-policy", Map.of("name", "binomial", "parameters", Map.of("k", 4L))), "RTREE", dhvb);

        assertThat(options.organisation()).isEqualTo(dhvb);
        assertThat(options.mergePolicy()).map(MergePolicyChoice::name).contains("binomial");
        assertThatThrownBy(() -> StorageOptionsParser.indexOptions(Map.of("comparator", "hilbert"), "RTREE", dhvb))
                .hasMessage("option \"comparator\" does not apply to a DHVBTREE index; allowed: merge-policy");
    }

    @Test
    void onlyShbIndexesMoreThanPoints() {
        assertThat(OrganisationTypes.indexesPointsOnly("shb")).isFalse();
        assertThat(List.of("dhb", "dhvb", "sif")).allMatch(OrganisationTypes::indexesPointsOnly);
    }
}
