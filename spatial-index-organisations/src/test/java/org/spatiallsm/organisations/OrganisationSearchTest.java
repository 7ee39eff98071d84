package org.spatiallsm.organisations;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.spatiallsm.geometry.Rect;

/** The search of both organisations against a brute-force scan of the same entries. */
class OrganisationSearchTest {

    private final SplittableRandom random = new SplittableRandom(1405);

    @ParameterizedTest
    @EnumSource(HilbertOrganisation.class)
    void theEntryOrderSortsByPositionFirst(HilbertOrganisation organisation) {
        List<PointEntry> entries = sorted(organisation, randomEntries(2_000));
        for (int i = 1; i < entries.size(); i++) {
            PointEntry previous = entries.get(i - 1);
            PointEntry entry = entries.get(i);
            assertThat(organisation.position(previous.x(), previous.y()))
                    .isLessThanOrEqualTo(organisation.position(entry.x(), entry.y()));
        }
    }

    @ParameterizedTest
    @EnumSource(HilbertOrganisation.class)
    void randomRectanglesReturnExactlyTheBruteForceFilter(HilbertOrganisation organisation) {
        long reseeks = 0;
        long entriesSkipped = 0;
        for (int round = 0; round < 40; round++) {
            List<PointEntry> entries = sorted(organisation, randomEntries(1 + random.nextInt(600)));
            SortedEntries<PointEntry> index = index(organisation, entries);
            for (int query = 0; query < 40; query++) {
                QueryRegion.Rectangle rectangle = randomRectangle(entries);
                OrganisationSearch.Result result = OrganisationSearch.search(organisation, index, rectangle);
                List<PointEntry> expected = filter(entries, e -> rectangle.contains(e.x(), e.y()));
                assertThat(result.results()).as("%s %s", organisation, rectangle).isEqualTo(expected);
                assertThat(result.candidates()).isEqualTo(expected.size());
                assertThat(result.reseeks()).isEqualTo(Math.max(0, result.seeks() - 1));
                reseeks += result.reseeks();
                entriesSkipped += entries.size() - result.entriesRead();
            }
        }
        assertThat(reseeks).isPositive();
        assertThat(entriesSkipped).isPositive();
    }

    @ParameterizedTest
    @EnumSource(HilbertOrganisation.class)
    void circlesAreRefinedAndCountTheirFalsePositives(HilbertOrganisation organisation) {
        List<PointEntry> entries = sorted(organisation, randomEntries(3_000));
        SortedEntries<PointEntry> index = index(organisation, entries);
        long falsePositives = 0;
        for (int query = 0; query < 200; query++) {
            PointEntry centre = entries.get(random.nextInt(entries.size()));
            QueryRegion.Circle circle = new QueryRegion.Circle(centre.x(), centre.y(),
                    Math.pow(10, random.nextDouble(-5, 1.5)));
            OrganisationSearch.Result result = OrganisationSearch.search(organisation, index, circle);
            assertThat(result.results()).isEqualTo(filter(entries, e -> circle.contains(e.x(), e.y())));
            assertThat(result.candidates())
                    .isEqualTo(filter(entries, e -> circle.mbr().contains(e.x(), e.y())).size());
            falsePositives += result.candidates() - result.results().size();
        }
        assertThat(falsePositives).as("corners of the MBRs hold points").isPositive();
    }

    @ParameterizedTest
    @EnumSource(HilbertOrganisation.class)
    void theWholeSpaceIsOneSeekAndAFullScan(HilbertOrganisation organisation) {
        List<PointEntry> entries = sorted(organisation, randomEntries(1_000));
        OrganisationSearch.Result result = OrganisationSearch.search(organisation, index(organisation, entries),
                new QueryRegion.Rectangle(new Rect(-180, -90, 180, 90)));

        assertThat(result.results()).isEqualTo(entries);
        assertThat(result.seeks()).isEqualTo(1);
        assertThat(result.reseeks()).isZero();
        assertThat(result.entriesRead()).isEqualTo(entries.size());
        assertThat(result.falsePositiveRatio()).isZero();
    }

    @ParameterizedTest
    @EnumSource(HilbertOrganisation.class)
    void aPointQueryFindsEveryDuplicateOfThePointAndNothingElse(HilbertOrganisation organisation) {
        List<PointEntry> entries = randomEntries(500);
        for (long pk = 10_000; pk < 10_050; pk++) {
            entries.add(new PointEntry(12.5, -45.0, pk));
        }
        entries.add(new PointEntry(Math.nextUp(12.5), -45.0, 1));
        entries.add(new PointEntry(12.5, Math.nextDown(-45.0), 2));
        List<PointEntry> sorted = sorted(organisation, entries);
        OrganisationSearch.Result result = OrganisationSearch.search(organisation, index(organisation, sorted),
                new QueryRegion.Rectangle(Rect.point(12.5, -45.0)));

        assertThat(result.results()).hasSize(50).allMatch(e -> e.x() == 12.5 && e.y() == -45.0);
    }

    @ParameterizedTest
    @EnumSource(HilbertOrganisation.class)
    void aQueryBeyondTheDomainFindsOnlyItsEdges(HilbertOrganisation organisation) {
        List<PointEntry> entries = sorted(organisation, randomEntries(500));
        SortedEntries<PointEntry> index = index(organisation, entries);
        QueryRegion.Rectangle east = new QueryRegion.Rectangle(new Rect(180, -100, 500, 100));

        assertThat(OrganisationSearch.search(organisation, index, east).results())
                .isEqualTo(filter(entries, e -> e.x() == 180));
        if (organisation == HilbertOrganisation.DHVB) {
            OrganisationSearch.Result outside = OrganisationSearch.search(organisation, index,
                    new QueryRegion.Rectangle(new Rect(181, 0, 190, 10)));
            assertThat(outside.results()).isEmpty();
            assertThat(outside.seeks()).isZero();
        }
    }

    @Test
    void dhbKeepsNaNAndInfinitiesInOrderWhereNoWindowFindsNaN() {
        HilbertOrganisation dhb = HilbertOrganisation.DHB;
        List<PointEntry> entries = randomEntries(400);
        double[] odd = { Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, -180, 12.5 };
        long pk = 1_000_000;
        for (double x : odd) {
            for (double y : odd) {
                entries.add(new PointEntry(x, y, pk++));
            }
        }
        List<PointEntry> sorted = sorted(dhb, entries);
        for (int i = 1; i < sorted.size(); i++) {
            PointEntry previous = sorted.get(i - 1);
            PointEntry entry = sorted.get(i);
            assertThat(dhb.position(previous.x(), previous.y())).as("%s before %s", previous, entry)
                    .isLessThanOrEqualTo(dhb.position(entry.x(), entry.y()));
            assertThat(dhb.entryOrder().compare(entry, previous)).as("%s after %s", entry, previous).isPositive();
        }
        SortedEntries<PointEntry> index = index(dhb, sorted);
        double inf = Double.POSITIVE_INFINITY;
        for (QueryRegion.Rectangle window : List.of(new QueryRegion.Rectangle(new Rect(-inf, -inf, inf, inf)),
                new QueryRegion.Rectangle(new Rect(-inf, 0, -180, 20)),
                new QueryRegion.Rectangle(new Rect(0, -10, inf, 13)))) {
            assertThat(OrganisationSearch.search(dhb, index, window).results()).as("%s", window)
                    .isEqualTo(filter(sorted, e -> window.contains(e.x(), e.y())));
        }
    }

    private static SortedEntries<PointEntry> index(HilbertOrganisation organisation, List<PointEntry> entries) {
        int pageSize = 1 + (entries.size() % 17);
        return new SortedEntries<>(entries, e -> organisation.position(e.x(), e.y()), pageSize);
    }

    private static List<PointEntry> sorted(HilbertOrganisation organisation, List<PointEntry> entries) {
        List<PointEntry> sorted = new ArrayList<>(entries);
        sorted.sort(organisation.entryOrder());
        return sorted;
    }

    private static List<PointEntry> filter(List<PointEntry> entries, Predicate<PointEntry> keep) {
        return entries.stream().filter(keep).toList();
    }

    /**
     * Uniform points, a dense cluster, points on the lines of a coarse grid (cell boundaries at several levels),
     * the domain's edges and corners, and duplicates of coordinates under other pks.
     */
    private List<PointEntry> randomEntries(int count) {
        List<PointEntry> entries = new ArrayList<>();
        long pk = 0;
        while (entries.size() < count) {
            double x;
            double y;
            switch (random.nextInt(5)) {
                case 0 -> {
                    x = random.nextDouble(-180, 180);
                    y = random.nextDouble(-90, 90);
                }
                case 1 -> {
                    x = -117.8 + random.nextDouble(-0.05, 0.05);
                    y = 33.6 + random.nextDouble(-0.05, 0.05);
                }
                case 2 -> {
                    x = -180 + 22.5 * random.nextInt(17);
                    y = -90 + 11.25 * random.nextInt(17);
                }
                case 3 -> {
                    x = random.nextBoolean() ? -180 : 180;
                    y = random.nextBoolean() ? random.nextDouble(-90, 90) : (random.nextBoolean() ? -90 : 90);
                }
                default -> {
                    if (entries.isEmpty()) {
                        continue;
                    }
                    PointEntry same = entries.get(random.nextInt(entries.size()));
                    x = same.x();
                    y = same.y();
                }
            }
            entries.add(new PointEntry(x, y, pk++));
        }
        return entries;
    }

    /** Corners drawn from the data (so queries hit boundaries exactly), from grid lines, or uniform. */
    private QueryRegion.Rectangle randomRectangle(List<PointEntry> entries) {
        double[] xs = new double[2];
        double[] ys = new double[2];
        for (int i = 0; i < 2; i++) {
            switch (random.nextInt(3)) {
                case 0 -> {
                    PointEntry corner = entries.get(random.nextInt(entries.size()));
                    xs[i] = corner.x();
                    ys[i] = corner.y();
                }
                case 1 -> {
                    xs[i] = -180 + 22.5 * random.nextInt(17);
                    ys[i] = -90 + 11.25 * random.nextInt(17);
                }
                default -> {
                    xs[i] = random.nextDouble(-200, 200);
                    ys[i] = random.nextDouble(-100, 100);
                }
            }
        }
        if (random.nextInt(10) == 0) {
            xs[1] = xs[0];
            ys[1] = ys[0];
        }
        return new QueryRegion.Rectangle(new Rect(Math.min(xs[0], xs[1]), Math.min(ys[0], ys[1]),
                Math.max(xs[0], xs[1]), Math.max(ys[0], ys[1])));
    }
}
