package org.spatiallsm.cli.organisation;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.grid.GridParameters;
import org.spatiallsm.organisations.grid.ObjectSearchCount;
import org.spatiallsm.workloads.KimSquares;
import org.spatiallsm.workloads.PointDistribution;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.Seeds;
import org.spatiallsm.workloads.SpatialQueries;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spatial-lsm cells-per-object}: the SHB-tree's cells-per-object cap (Kim's dissertation, Ch. 5) swept on
 * Kim's House and Lake squares without a cluster, counting exactly what each cap stores and what Kim's circle
 * selects read.
 */
@Command(name = "cells-per-object", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Sweeps the SHB-tree's cap on the cells of one object (and of one query) over Kim's House and"
                + " Lake squares, without a cluster: per cap the entries stored, and per circle radius the"
                + " candidates the searches read, of which false positives, duplicates and results. Prints CSV."
                + " See docs/index-organisations.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:printed", "2:bad command line" })
public final class CellsPerObjectCommand implements Callable<Integer> {

    private static final List<String> DATA = List.of("houses", "lakes");

    @Spec
    CommandSpec spec;

    @Option(names = "--data", paramLabel = "houses,lakes", defaultValue = "houses,lakes", split = ",",
            description = "Kim's House (Gaussian areas) and Lake (Zipf areas) squares (default: ${DEFAULT-VALUE})")
    List<String> data;

    @Option(names = "--records", paramLabel = "N", defaultValue = "200000",
            description = "squares per data set: the records 0 to N - 1 (default: ${DEFAULT-VALUE})")
    int records;

    @Option(names = "--distribution", paramLabel = "NAME", defaultValue = "osm-like",
            description = "the squares' centres, a distribution of docs/load-driver.md (default: ${DEFAULT-VALUE})")
    String distribution;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "seed of the squares and the circles, as the experiments' (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--levels", paramLabel = "d,d,d,d,d,d", defaultValue = "l,l,l,l,h,m",
            description = "six level densities, top first (default: ${DEFAULT-VALUE}, 2^30 bottom cells)")
    String levels;

    @Option(names = "--caps", paramLabel = "N,...", defaultValue = "16,64,256,1024,4096", split = ",",
            description = "the cells-per-object caps to sweep (default: ${DEFAULT-VALUE})")
    List<String> caps;

    @Option(names = "--radius", paramLabel = "DEGREES,...", defaultValue = "0.00001,0.0001,0.001,0.01,0.1",
            split = ",", description = "circle radii, the selects' in turn (default: ${DEFAULT-VALUE})")
    List<Double> radii;

    @Option(names = "--queries", paramLabel = "Q", defaultValue = "100",
            description = "circles per radius, centred on squares as the experiments' selects are (default:"
                    + " ${DEFAULT-VALUE})")
    int queries;

    @Option(names = "--windows", description = "print the circles (data set, query, radius, centre) instead of"
            + " the sweep, to run the same selects on a cluster")
    boolean windows;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            checkOptions();
            PrintWriter out = spec.commandLine().getOut();
            if (windows) {
                printWindows(out);
            } else {
                sweep(out);
            }
            out.flush();
            return CommandFailures.OK;
        });
    }

    private void checkOptions() {
        if (data.isEmpty() || !DATA.containsAll(data)) {
            throw new IllegalArgumentException("--data lists houses and lakes, got '" + String.join(",", data) + "'");
        }
        if (records < 1 || queries < 1) {
            throw new IllegalArgumentException("--records and --queries must be at least 1, got " + records + " and "
                    + queries);
        }
        if (radii.stream().anyMatch(r -> !(r > 0 && r <= 180))) {
            throw new IllegalArgumentException("--radius takes degrees above 0 and at most 180, got " + radii);
        }
        caps.forEach(GridParameters::parseCellsPerObject);
        GridParameters.parseDensities(levels);
    }

    private void printWindows(PrintWriter out) {
        out.println("data,query,radius,x,y");
        for (String dataSet : data) {
            SpatialQueries circles = new SpatialQueries(generator(dataSet), 0, records, seed);
            for (long q = 0; q < (long) queries * radii.size(); q++) {
                SpatialQueries.Circle circle = circles.circle(q, radii);
                out.println(dataSet + "," + q + "," + degrees(circle.radius()) + "," + circle.centre().lon() + ","
                        + circle.centre().lat());
            }
        }
    }

    private void sweep(PrintWriter out) {
        out.println("data,cells_per_object,objects,entries,entries_per_object,radius,queries,candidates,"
                + "false_positives,duplicates,results");
        for (String dataSet : data) {
            PointDistribution centres = PointDistributions.create(distribution, Map.of(), seed);
            List<Rect> squares = new ArrayList<>(records);
            for (long id = 0; id < records; id++) {
                squares.add(square(centres, squares(dataSet), seed, id));
            }
            SpatialQueries circles = new SpatialQueries(generator(dataSet), 0, records, seed);
            for (String cap : caps) {
                ObjectSearchCount index = new ObjectSearchCount(GridParameters.parse(null, levels, cap), squares);
                long[][] totals = new long[radii.size()][4];
                for (long q = 0; q < (long) queries * radii.size(); q++) {
                    SpatialQueries.Circle circle = circles.circle(q, radii);
                    ObjectSearchCount.Search search = index.search(mbr(circle));
                    long[] total = totals[(int) (q % radii.size())];
                    total[0] += search.candidates();
                    total[1] += search.falsePositives();
                    total[2] += search.duplicates();
                    total[3] += search.results();
                }
                for (int r = 0; r < radii.size(); r++) {
                    long[] total = totals[r];
                    out.println(String.format(Locale.ROOT, "%s,%s,%d,%d,%.4f,%s,%d,%d,%d,%d,%d", dataSet, cap,
                            index.objects(), index.entries(), (double) index.entries() / index.objects(),
                            degrees(radii.get(r)), queries, total[0], total[1], total[2], total[3]));
                }
            }
        }
    }

    /** A radius as the command line gives it: 0.00001, not 1.0E-5. */
    private static String degrees(double radius) {
        return BigDecimal.valueOf(radius).stripTrailingZeros().toPlainString();
    }

    /** The window an index search gets for a circle: its MBR, as AsterixDB computes it. */
    private static Rect mbr(SpatialQueries.Circle circle) {
        double x = circle.centre().lon();
        double y = circle.centre().lat();
        double r = circle.radius();
        return new Rect(x - r, y - r, x + r, y + r);
    }

    private RecordGenerator generator(String dataSet) {
        RecordShape shape = RecordShapes.named(squares(dataSet).shapeName());
        return new RecordGenerator(PointDistributions.create(distribution, Map.of(), seed), shape, seed);
    }

    private static KimSquares squares(String dataSet) {
        return dataSet.equals("houses") ? KimSquares.HOUSE : KimSquares.LAKE;
    }

    /**
     * The square of record {@code id}, drawn as its record draws it (the centre, then the square, first from the
     * record's stream), without building the 1 KB record around it.
     */
    static Rect square(PointDistribution centres, KimSquares squares, long seed, long id) {
        SplittableRandom random = Seeds.forItem(seed, id);
        return squares.around(centres.sample(random), random).toRect();
    }
}
