package org.spatiallsm.experiment.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.ExperimentRunner;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.workloads.GeoPoint;

/** The knn study's configurations, knobs and statements, without a cluster. */
class KnnStudyTest {

    private static final KnnStudy STUDY = new KnnStudy();

    private static Parameters parameters(Scale scale, String... overrides) {
        return Parameters.of(ExperimentRunner.preset(STUDY, scale), List.of(overrides));
    }

    @Test
    void oneConfigurationPerIndexAndDistribution() {
        assertThat(STUDY.configurations(parameters(Scale.SMALL))).extracting(Configuration::id).containsExactly(
                "binomial-k4-uniform", "leveled-size-hilbert-uniform", "dhb-uniform", "dhvb-uniform", "shb-uniform",
                "sif-uniform", "binomial-k4-osm-like", "leveled-size-hilbert-osm-like", "dhb-osm-like",
                "dhvb-osm-like", "shb-osm-like", "sif-osm-like");
        assertThat(STUDY.configurations(parameters(Scale.SMOKE))).as("the default suite's run: R-trees only")
                .extracting(Configuration::id).containsExactly("binomial-k4-uniform", "leveled-size-hilbert-uniform");
        assertThat(StudySetup.PolicyAndDistribution.of(new Configuration("leveled-size-hilbert-osm-like", ""),
                parameters(Scale.SMALL))).isEqualTo(new StudySetup.PolicyAndDistribution(
                        SpatialPolicyConfiguration.select(List.of("leveled-size-hilbert")).get(0), "osm-like"));
        for (Scale scale : Scale.values()) {
            assertThat(STUDY.configurations(parameters(scale))).as(scale.id()).isNotEmpty();
            assertThat(KnnStudy.ks(parameters(scale))).as(scale.id()).containsExactly(1, 10, 100);
        }
    }

    @Test
    void theKnnJoinRunsOnlyForTheOuterSizesGiven() {
        for (Scale scale : Scale.values()) {
            assertThat(KnnJoinPhase.outerSizes(parameters(scale))).as(scale.id()).isEmpty();
        }
        assertThat(KnnJoinPhase.outerSizes(parameters(Scale.SMOKE, "joinOuter=100,1000"))).containsExactly(100, 1000);
        assertThatThrownBy(() -> KnnJoinPhase.outerSizes(parameters(Scale.SMOKE, "joinOuter=100,0"))).hasMessage(
                "parameter joinOuter must list distinct whole numbers from 1 to 9,999,999, got '100,0'");
        assertThatThrownBy(() -> STUDY.configurations(parameters(Scale.SMOKE, "joinK=0")))
                .hasMessageContaining("joinK");
    }

    @Test
    void anOrganisationIsIndexedUnderTheStudiesPolicyAndAnRTreeUnderItsOwn() {
        assertThat(KnnStudy.KnnIndex.named("dhvb")).isEqualTo(new KnnStudy.KnnIndex("dhvb", "DHVB",
                "TYPE DHVBTREE WITH " + Statements.STUDIES_PRIMARY_POLICY));
        assertThat(KnnStudy.KnnIndex.named("sif").clause()).startsWith("TYPE SIF(-180.0, -90.0, 180.0, 90.0) WITH ");
        assertThat(KnnStudy.KnnIndex.named("binomial-k4")).isEqualTo(new KnnStudy.KnnIndex("binomial-k4",
                "R-tree binomial-k4 (binomial)", SpatialPolicyConfiguration.select(List.of("binomial-k4")).get(0)
                        .indexClause()));
    }

    @Test
    void badKnobsAreOneLineErrors() {
        assertThatThrownBy(() -> KnnStudy.ks(parameters(Scale.SMOKE, "ks=1,x"))).hasMessage(
                "parameter ks must list distinct whole numbers of at least 1, got '1,x'");
        assertThatThrownBy(() -> KnnStudy.ks(parameters(Scale.SMOKE, "ks=5,5"))).hasMessageStartingWith(
                "parameter ks must list distinct");
        assertThatThrownBy(() -> KnnStudy.ks(parameters(Scale.SMOKE, "ks= ,"))).hasMessage("parameter ks lists no k");
        assertThatThrownBy(() -> STUDY.configurations(parameters(Scale.SMOKE, "rounds=3"))).hasMessage(
                "parameter records (400) must be a multiple of 600 (rounds times recordsPerFlush), so that every "
                        + "round ends with a flush");
        assertThatThrownBy(() -> STUDY.configurations(parameters(Scale.SMOKE, "indexes=btree")))
                .hasMessageStartingWith("unknown index 'btree'; known: binomial-k4, ").hasMessageEndingWith(
                        ", dhb, dhvb, shb, sif");
        assertThatThrownBy(() -> STUDY.configurations(parameters(Scale.SMOKE, "indexes=dhb,dhb"))).hasMessage(
                "index 'dhb' is listed twice");
    }

    @Test
    void theScanIsTheSameStatementWithTheKnnSearchTurnedOff() {
        DatasetName dataset = new DatasetName("Dv", "Points");
        String index = Statements.nearest(dataset, "location", new GeoPoint(-73.5, 40.25), 10, true);
        assertThat(index).isEqualTo("SELECT p.id FROM " + dataset.sql() + " p ORDER BY spatial_distance(p.`location`, "
                + "create_point(-73.5, 40.25)), p.id LIMIT 10;");
        assertThat(Statements.nearest(dataset, "location", new GeoPoint(-73.5, 40.25), 10, false))
                .isEqualTo("SET `spatial-lsm.knn` \"false\"; " + index);
    }
}
