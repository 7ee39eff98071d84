package org.spatiallsm.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.WithOption;
import org.spatiallsm.experiment.bench.GridDensityBench;
import org.spatiallsm.experiment.bench.IndexSweep;
import org.spatiallsm.experiment.bench.OrganisationRow;
import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.organisations.grid.GridParameters;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.RecordShapes;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench grid-density}: the SHB-tree at several grid densities beside the R-tree, on one dataset of generated
 * tweets (or House / Lake squares), with the false-positive ratio of each. Kim's organisations side by side at a
 * chosen scale are the experiments {@code index-organisations} and {@code non-point}; see docs/experiments.md and
 * docs/index-organisations.md.
 */
@Command(name = "grid-density", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "The grid-density sweep of Kim's Ch. 5: one dataset is loaded through a socket feed (as the "
                + "experiments load), then "
                + "for the R-tree and for an SHB-tree per density setting in turn: CREATE INDEX (timed), its "
                + "size, the circle selects at each radius (index-only and not), DROP INDEX. Printed side by "
                + "side, relative to the R-tree.",
            "A setting whose DDL fails gets its one-line error in its column; the others run on. Results are "
                + "printed, never asserted; see docs/index-organisations.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success (also when some settings failed: "
                + "see their columns)", "1:AsterixDB refused a statement the run needs", "2:bad command line",
            CommandFailures.NO_USABLE_CLUSTER })
public final class GridDensityBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--data", paramLabel = "tweets|houses|lakes", defaultValue = "tweets",
            description = "tweets: Kim's 1 KB tweet on points; houses, lakes: the tweet with a square area of "
                    + "Kim's House (Gaussian) or Lake (Zipf) sizes (default: ${DEFAULT-VALUE})")
    String data;

    @Option(names = "--records", paramLabel = "N", defaultValue = "20000",
            description = "records loaded (default: ${DEFAULT-VALUE})")
    long records;

    @Option(names = "--distribution", paramLabel = "NAME", defaultValue = "osm-like",
            description = "point distribution of the tweets, or of the squares' centres (default: ${DEFAULT-VALUE})")
    String distribution;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "seed of the records and of the queries (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--radius", paramLabel = "DEGREES,...", split = ",",
            description = "circle radii of the selects (default: Kim's 0.00001,0.0001,0.001,0.01,0.1)")
    List<Double> radii = List.of(0.00001, 0.0001, 0.001, 0.01, 0.1);

    @Option(names = "--queries", paramLabel = "Q", defaultValue = "20",
            description = "timed selects per radius and kind (index-only and not) on each index (default: "
                    + "${DEFAULT-VALUE})")
    int queries;

    @Option(names = "--warm-up-queries", paramLabel = "W", defaultValue = "2",
            description = "untimed selects per radius and kind on each index before the timed ones (default: "
                    + "${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--levels", paramLabel = "D,D,D,D,D,D;...", split = ";",
            description = "SHB density settings, six letters l, m or h each, separated by ';' (default: the "
                    + "Ch. 5 grid from 2^24 to 2^40 bottom cells: l,l,l,l,l,l;l,l,l,l,l,m;l,l,l,l,m,m;"
                    + "l,l,l,l,h,m;l,l,l,l,h,h;l,l,m,m,m,h;h,h,h,h,l,l)")
    List<String> levels = Organisation.DENSITY_SWEEP;

    @Option(names = "--cells-per-object", paramLabel = "N,...", split = ",",
            description = "houses and lakes: the SHB-tree's caps on the cells of one square, an SHB column per density"
                    + " setting and cap (default: Kim's 1024)")
    List<Integer> caps = List.of(Organisation.CELLS_PER_OBJECT);

    @Option(names = "--no-rtree", description = "leave out the R-tree column (no relative values then)")
    boolean noRtree;

    @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmOrganisationBench",
            description = "scratch dataverse, dropped and recreated (default: ${DEFAULT-VALUE})")
    String dataverse;

    @Mixin
    IndexSweepKeepOption keep;

    @Mixin
    EndpointOption endpoint;

    @Mixin
    WithOption with;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            RecordShape shape = shape();
            validate();
            List<Organisation> indexes = new ArrayList<>();
            if (!noRtree) {
                indexes.add(Organisation.RTREE);
            }
            for (String setting : levels) {
                for (int cap : nonPoint() ? caps : List.of(Organisation.NO_CAP)) {
                    indexes.add(Organisation.shb(setting, cap));
                }
            }
            IndexSweep sweep = new IndexSweep(endpoint.client(), dataverse, shape, nonPoint(),
                    spec.commandLine().getErr());
            List<OrganisationRow> rows = new GridDensityBench(records, distribution, seed, radii, queries, warmup)
                    .run(sweep, with.with(), keep.keep(), indexes);
            String title = String.format(Locale.ROOT, "SHB grid densities: %,d %s records (%s, seed %d) in one "
                    + "dataset, one index at a time: CREATE INDEX, size, %d selects per radius and kind; at %s",
                    records, shape.name(), distribution, seed, queries, endpoint.endpoint());
            spec.commandLine().getOut().print(OrganisationRow.table(title, radii, rows));
            spec.commandLine().getOut().flush();
            return CommandFailures.OK;
        });
    }

    private boolean nonPoint() {
        return !data.equals("tweets");
    }

    private RecordShape shape() {
        return switch (data) {
            case "tweets" -> RecordShapes.named("tweet");
            case "houses" -> RecordShapes.named("house");
            case "lakes" -> RecordShapes.named("lake");
            default -> throw new IllegalArgumentException("--data must be tweets, houses or lakes, got '" + data
                    + "'");
        };
    }

    /** One-line errors for bad knobs. */
    private void validate() {
        if (records < 1) {
            throw new IllegalArgumentException("--records must be >= 1, got " + records);
        }
        if (queries < 1) {
            throw new IllegalArgumentException("--queries must be >= 1, got " + queries);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warm-up-queries must be >= 0, got " + warmup);
        }
        if (!nonPoint() && !caps.equals(List.of(Organisation.CELLS_PER_OBJECT))) {
            throw new IllegalArgumentException("--cells-per-object applies to houses and lakes, not to points");
        }
        caps.forEach(GridParameters::checkCellsPerObject);
        if (radii.isEmpty()) {
            throw new IllegalArgumentException("--radius names no radius");
        }
        for (double radius : radii) {
            if (!(radius > 0 && Double.isFinite(radius))) {
                throw new IllegalArgumentException("--radius must be > 0, got " + radius);
            }
        }
    }
}
