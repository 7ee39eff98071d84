package org.spatiallsm.experiment.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.ExperimentRunner;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.PublishedValue;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.Study;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.SpatialQueries;

/** The organisations, the studies' configurations and Kim's statements, without a cluster. */
class OrganisationsStudyTest {

    private static List<Configuration> configurations(Study study, String... overrides) {
        return study.configurations(Parameters.of(ExperimentRunner.preset(study, Scale.SMALL), List.of(overrides)));
    }

    @Test
    void organisationsAreTheirCreateIndexTypeClauses() {
        assertThat(Organisation.organisations(List.of("rtree", "dhb", "dhvb", "shb", "sif"), false))
                .extracting(Organisation::clause).containsExactly("TYPE RTREE", "TYPE DHBTREE", "TYPE DHVBTREE",
                        "TYPE SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m)",
                        "TYPE SIF(-180.0, -90.0, 180.0, 90.0)");
        assertThat(Organisation.organisation("shb", true).clause())
                .isEqualTo("TYPE SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m, 1024)");
        assertThat(Organisation.organisation("shb", true).identifier()).isEqualTo("shb");
        assertThat(Organisation.shb("h,h,h,h,l,l", false).label()).isEqualTo("shb 2^40");
        assertThat(Organisation.shb("h,h,h,h,l,l", false).identifier()).isEqualTo("shb_2_40");
        assertThat(Organisation.shb("l,l,l,l,h,m", 16).clause())
                .isEqualTo("TYPE SHBTREE(-180.0, -90.0, 180.0, 90.0, l, l, l, l, h, m, 16)");
        assertThat(Organisation.shb("l,l,l,l,h,m", 16).label()).isEqualTo("shb 2^30 cap 16");
        assertThat(Organisation.shb("l,l,l,l,h,m", Organisation.CELLS_PER_OBJECT).label()).isEqualTo("shb 2^30");
        assertThatThrownBy(() -> Organisation.organisations(List.of(), false)).hasMessage("no organisation is listed");
        assertThatThrownBy(() -> Organisation.organisations(List.of("dhb", "DHB"), false))
                .hasMessage("organisation DHB is listed twice");
    }

    @Test
    void theDensitySweepRunsFromTwoToTheTwentyFourToTwoToTheForty() {
        // Kim's dissertation, Ch. 5: (l,l,l,l,l,l) = 2^24 ... (l,l,l,l,h,m) = 2^30 ... (l,l,m,m,m,h) = 2^34,
        // (h,h,h,h,l,l) = 2^40
        assertThat(Organisation.DENSITY_SWEEP.stream().map(Organisation::bottomCellExponent))
                .containsExactly(24, 26, 28, 30, 32, 34, 40);
        assertThat(Organisation.bottomCellExponent("h,h,h,h,h,h")).isEqualTo(48);
    }

    @Test
    void theStudiesCompareKimsOrganisationsPerDataSet() {
        assertThat(configurations(OrganisationsStudy.points())).extracting(Configuration::id).containsExactly(
                "tweets-rtree", "tweets-dhb", "tweets-dhvb", "tweets-shb-2-30", "tweets-sif");
        assertThat(configurations(OrganisationsStudy.nonPoint())).extracting(Configuration::id).containsExactly(
                "houses-rtree", "houses-shb-2-30", "lakes-rtree", "lakes-shb-2-30");
        assertThat(configurations(OrganisationsStudy.nonPoint(), "shbLevels=l l l l l l,h h h h l l"))
                .extracting(Configuration::id).containsExactly("houses-rtree", "houses-shb-2-24", "houses-shb-2-40",
                        "lakes-rtree", "lakes-shb-2-24", "lakes-shb-2-40");
    }

    @Test
    void kimsIndexSizesAndCreationTimesAreMarkedForTheTweetsOrganisationsHeMeasured() {
        Study points = OrganisationsStudy.points();
        Parameters sweep = Parameters.of(ExperimentRunner.preset(points, Scale.SMALL),
                List.of("shbLevels=l l l l h m,h h h h l l"));
        assertThat(points.published(sweep, 2)).extracting(PublishedValue::plot, PublishedValue::configuration,
                PublishedValue::y).containsExactly(tuple("index-bytes-vs-rtree", "tweets-dhb", 97.0),
                        tuple("index-bytes-vs-rtree", "tweets-dhvb", 125.0),
                        tuple("index-bytes-vs-rtree", "tweets-shb-2-30", 131.0),
                        tuple("index-bytes-vs-rtree", "tweets-sif", 741.0),
                        tuple("index-build-time-vs-rtree", "tweets-dhb", 151.0),
                        tuple("index-build-time-vs-rtree", "tweets-dhvb", 106.0),
                        tuple("index-build-time-vs-rtree", "tweets-shb-2-30", 100.0),
                        tuple("index-build-time-vs-rtree", "tweets-sif", 273.0));
        Study nonPoint = OrganisationsStudy.nonPoint();
        assertThat(nonPoint.published(Parameters.of(ExperimentRunner.preset(nonPoint, Scale.SMALL), List.of()), 2))
                .isEmpty();
    }

    @Test
    void theTransportIsTheFeedFromSmallUpAndHttpAtSmoke() {
        Study points = OrganisationsStudy.points();
        assertThat(ExperimentRunner.preset(points, Scale.SMOKE)).containsEntry("transport", "http");
        assertThat(ExperimentRunner.preset(points, Scale.SMALL)).containsEntry("transport", "feed");
        assertThatThrownBy(() -> configurations(points, "transport=udp"))
                .hasMessage("parameter transport must be feed or http, got 'udp'");
    }

    @Test
    void badParametersAreOneLineErrors() {
        Study points = OrganisationsStudy.points();
        assertThatThrownBy(() -> configurations(points, "plan=both"))
                .hasMessage("parameter plan is index-only or full, got 'both'");
        assertThatThrownBy(() -> configurations(points, "data=rivers"))
                .hasMessage("parameter data lists distinct data sets of tweets, houses, lakes, got 'rivers'");
        assertThatThrownBy(() -> configurations(points, "radii=0.1,0"))
                .hasMessageStartingWith("parameter radii takes radii in degrees above 0");
        assertThatThrownBy(() -> configurations(points, "recordBytes=100"))
                .hasMessage("parameter recordBytes is fixed at 1024 by Kim's tweet record");
        assertThatThrownBy(() -> configurations(points, "organisations=rtree,quadtree"))
                .hasMessage("unknown organisation 'quadtree' (known: rtree, dhb, dhvb, shb, sif)");
        assertThatThrownBy(() -> configurations(points, "joinOuter=50001"))
                .hasMessage("parameter joinOuter must be at most records (50000)");
        Study comparators = new ComparatorsStudy();
        assertThat(configurations(comparators)).extracting(Configuration::id).containsExactly(
                "leveled-size-hilbert", "leveled-size-zorder", "leveled-size-simple");
        assertThatThrownBy(() -> configurations(comparators, "comparators=hilbert,hilbert"))
                .hasMessage("parameter comparators lists hilbert twice");
        assertThatThrownBy(() -> configurations(comparators, "records=100001"))
                .hasMessageStartingWith("parameter records (100001) must be a multiple of recordsPerFlush");
    }

    @Test
    void aCircleHasTheSigmaOfTheWindowWithItsArea() {
        // The window of σ = 3 covers 10^-6 of the globe: 64,800 square degrees * 10^-6 = 0.0648.
        double radius = Math.sqrt(0.0648 / Math.PI);
        assertThat(OrganisationStatements.circleSigma(radius)).isCloseTo(3.0, within(1e-9));
        assertThat(OrganisationStatements.circleSigma(radius / 10)).isCloseTo(4.0, within(1e-9));
    }

    @Test
    void kimsQueriesCountOnTheSpatialField() {
        OrganisationStatements tweets = new OrganisationStatements(new DatasetName("Dv", "Ds"),
                RecordShapes.named("tweet"), false);
        SpatialQueries.Circle circle = new SpatialQueries.Circle(7, new GeoPoint(1.5, -2.0), 0.01);
        assertThat(tweets.selectIndexOnly(circle)).startsWith("SET `compiler.indexonly` \"true\"; ")
                .contains("spatial_intersect(t.`sender-location`, create_circle(create_point(1.5, -2.0), 0.01))")
                .doesNotContain("btree-extra-field1");
        assertThat(tweets.select(circle)).contains("AND t.`btree-extra-field1` <= 2147483647");
        assertThat(tweets.join(10, 100, 0.001)).contains(">= 10 AND").contains("< 110 AND /*+ indexnl */")
                .contains("create_circle(o.`sender-location`, 0.001)");
        assertThat(new OrganisationStatements(new DatasetName("Dv", "Ds"), RecordShapes.named("house"), true)
                .join(0, 1, 0.1)).contains("create_circle(create_point((get_x(get_points(");
    }
}
