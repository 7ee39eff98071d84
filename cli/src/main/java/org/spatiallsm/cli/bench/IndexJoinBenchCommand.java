package org.spatiallsm.cli.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.TransportOption;
import org.spatiallsm.cli.WithOption;
import org.spatiallsm.experiment.bench.IndexJoinBench;
import org.spatiallsm.experiment.bench.IndexSweep;
import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordShapes;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench index-join}: the {@code /*+ indexnl *}{@code /} {@code spatial_intersect} join of Kim's static
 * workload (an id range of outer tweets, a circle around each, probing the index) on each index type in turn, over
 * one dataset of generated tweets. It runs on stock AsterixDB 0.9.8 too (with {@code --indexes rtree}), which is how
 * the R-tree join is compared with stock's; see docs/index-organisations.md.
 */
@Command(name = "index-join", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "The index nested-loop join of Kim's static workload, per index type: one dataset of "
                + "tweets is loaded through a socket feed, then for each index in turn: CREATE INDEX, the joins "
                + "at each radius (the same outer records for every index), DROP INDEX. Printed side by side, "
                + "with the time per probe (outer record).",
            "Runs against stock AsterixDB 0.9.8 too (--indexes rtree). Results are printed, never asserted; see "
                + "docs/index-organisations.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success (also when some indexes failed: see "
                + "their columns)", "1:AsterixDB refused a statement the run needs", "2:bad command line",
            CommandFailures.NO_USABLE_CLUSTER })
public final class IndexJoinBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--records", paramLabel = "N", defaultValue = "200000",
            description = "tweets loaded (default: ${DEFAULT-VALUE})")
    long records;

    @Option(names = "--distribution", paramLabel = "NAME", defaultValue = "osm-like",
            description = "point distribution of the tweets (default: ${DEFAULT-VALUE})")
    String distribution;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "seed of the records and of the outer ranges (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--indexes", paramLabel = "TYPE,...", split = ",",
            description = "the index types measured, in this order: rtree, dhb, dhvb, shb, sif (default: rtree,dhvb)")
    List<String> indexes = List.of("rtree", "dhvb");

    @Option(names = "--radius", paramLabel = "DEGREES,...", split = ",",
            description = "circle radii of the joins (default: 0.001,0.01)")
    List<Double> radii = List.of(0.001, 0.01);

    @Option(names = "--outer", paramLabel = "N", defaultValue = "100",
            description = "outer records per join, each one probe of the index (default: ${DEFAULT-VALUE})")
    int outer;

    @Option(names = "--joins", paramLabel = "J", defaultValue = "6",
            description = "timed joins per radius on each index (default: ${DEFAULT-VALUE})")
    int joins;

    @Option(names = "--warm-up-joins", paramLabel = "W", defaultValue = "2",
            description = "untimed joins per radius on each index before the timed ones (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmIndexJoinBench",
            description = "scratch dataverse, dropped and recreated (default: ${DEFAULT-VALUE})")
    String dataverse;

    @Mixin
    IndexSweepKeepOption keep;

    @Mixin
    EndpointOption endpoint;

    @Mixin
    WithOption with;

    @Mixin
    TransportOption transport;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            validate();
            List<Organisation> chosen = Organisation.organisations(indexes, false);
            IndexJoinBench bench = new IndexJoinBench(records, distribution, seed, radii, outer, joins, warmup,
                    transport.transport());
            IndexSweep sweep = new IndexSweep(endpoint.client(), dataverse, RecordShapes.named("tweet"), false,
                    spec.commandLine().getErr());
            List<IndexJoinBench.Column> columns = bench.run(sweep, with.with(), keep.keep(), chosen);
            String title = String.format(Locale.ROOT, "index nested-loop joins: %,d tweets (%s, seed %d), %d "
                    + "outer records per join, %d timed joins per radius (after %d untimed); at %s", records,
                    distribution, seed, outer, joins, warmup, endpoint.endpoint());
            spec.commandLine().getOut().print(bench.table(title, columns));
            spec.commandLine().getOut().flush();
            return CommandFailures.OK;
        });
    }

    /** One-line errors for bad knobs. */
    private void validate() {
        if (records < 1) {
            throw new IllegalArgumentException("--records must be >= 1, got " + records);
        }
        if (outer < 1 || outer > records) {
            throw new IllegalArgumentException("--outer must be between 1 and --records (" + records + "), got "
                    + outer);
        }
        if (joins < 1) {
            throw new IllegalArgumentException("--joins must be >= 1, got " + joins);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warm-up-joins must be >= 0, got " + warmup);
        }
        if (radii.isEmpty()) {
            throw new IllegalArgumentException("--radius names no radius");
        }
        for (double radius : radii) {
            if (!(radius > 0 && radius <= 180)) {
                throw new IllegalArgumentException("--radius must be above 0 and at most 180, got " + radius);
            }
        }
        if (!PointDistributions.names().contains(distribution)) {
            // The same one-line error as creating it, without reading the city catalogue for a check.
            PointDistributions.create(distribution, Map.of(), 1);
        }
        transport.transport();
    }
}
