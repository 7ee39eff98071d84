package org.spatiallsm.cli.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.TransportOption;
import org.spatiallsm.cli.WithOption;
import org.spatiallsm.experiment.bench.IndexSweep;
import org.spatiallsm.experiment.bench.KnnBench;
import org.spatiallsm.experiment.study.Organisation;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordShapes;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code bench knn}: the knn study's statements on one loaded dataset, per index and plan, against any endpoint
 * (stock AsterixDB 0.9.8 included), printed side by side with saved runs of other clusters; see
 * docs/experiments.md. {@code scripts/knn-vs-stock} runs it on stock and on spatial-lsm.
 */
@Command(name = "knn", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "k nearest neighbours (ORDER BY spatial_distance(p.loc, <point>), p.id LIMIT k) on one "
                + "dataset of 1 KB point records, for each index in turn (CREATE INDEX, the queries, DROP INDEX) "
                + "and each plan: the statement as written (spatial-lsm's kNN search; stock AsterixDB scans and "
                + "sorts) and with the kNN search turned off (scan). The points and query points are the knn "
                + "study's for the same distribution and seed.",
            "Runs against stock AsterixDB 0.9.8 too (--transport file --plans as-written; its counters are n/a). "
                + "--save keeps a run's columns, --beside prints them first in a later run's table. Results are "
                + "printed, never asserted; see docs/experiments.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success, every column answered alike (also "
                + "when some indexes failed: see their columns)", "1:AsterixDB refused a statement the run needs",
            "2:bad command line", CommandFailures.NO_USABLE_CLUSTER,
            "4:two columns answered a query differently (the table is printed, the first difference under it)" })
public final class KnnBenchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--records", paramLabel = "N", defaultValue = "50000",
            description = "records loaded (default: ${DEFAULT-VALUE})")
    long records;

    @Option(names = "--distribution", paramLabel = "NAME", defaultValue = "uniform",
            description = "point distribution of the records and of the query points (default: ${DEFAULT-VALUE})")
    String distribution;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "seed of the records and of the query points (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--ks", paramLabel = "K,...", split = ",",
            description = "numbers of neighbours (default: 1,10,100)")
    List<Integer> ks = List.of(1, 10, 100);

    @Option(names = "--queries", paramLabel = "Q", defaultValue = "20",
            description = "timed query points per k, index and plan (default: ${DEFAULT-VALUE})")
    int queries;

    @Option(names = "--warm-up-queries", paramLabel = "W", defaultValue = "2",
            description = "untimed query points (others) per k, index and plan before the timed ones (default: "
                    + "${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--indexes", paramLabel = "TYPE,...", split = ",",
            description = "the index types measured, in this order: rtree, dhb, dhvb, shb, sif (default: rtree)")
    List<String> indexes = List.of("rtree");

    @Option(names = "--plans", paramLabel = "PLAN,...", split = ",",
            description = "the plans measured on each index, in this order: as-written (spatial-lsm's kNN search, "
                    + "stock's scan), scan (SET `spatial-lsm.knn` \"false\": spatial-lsm only) (default: "
                    + "as-written,scan)")
    List<String> plans = List.of("as-written", "scan");

    @Option(names = "--label", paramLabel = "NAME", defaultValue = "",
            description = "the cluster's name above its columns, e.g. stock (default: none)")
    String label;

    @Option(names = "--save", paramLabel = "FILE",
            description = "also write this run's columns to FILE (JSON), for a later run's --beside (default: none)")
    Path save;

    @Option(names = "--beside", paramLabel = "FILE", split = ",",
            description = "print the columns FILE (--save of a run with the same records, distribution, seed, ks "
                    + "and queries) holds before this run's; repeatable (default: none)")
    List<Path> beside = List.of();

    @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmKnnBench",
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
            List<KnnBench.Plan> chosenPlans = validate();
            List<Organisation> chosen = Organisation.organisations(indexes, false);
            String parameters = parameters();
            List<KnnBenchTable.Labelled> columns = new ArrayList<>();
            for (Path file : beside) {
                columns.addAll(KnnBenchTable.read(file, parameters));
            }
            KnnBench bench = new KnnBench(records, distribution, seed, ks, queries, warmup, chosenPlans,
                    transport.transport());
            IndexSweep sweep = new IndexSweep(endpoint.client(), dataverse, RecordShapes.named("spatial"), false,
                    spec.commandLine().getErr());
            List<KnnBenchTable.Labelled> measured = bench.run(sweep, with.with(), keep.keep(), chosen).stream()
                    .map(column -> new KnnBenchTable.Labelled(label, column)).toList();
            if (save != null) {
                KnnBenchTable.save(save, parameters, measured);
            }
            columns.addAll(measured);
            spec.commandLine().getOut().print(KnnBenchTable.table("kNN: " + parameters + "; at "
                    + endpoint.endpoint(), ks, columns));
            spec.commandLine().getOut().flush();
            return KnnBenchTable.firstDifference(columns).isPresent() ? CommandFailures.NOT_VERIFIED
                    : CommandFailures.OK;
        });
    }

    /** What makes two runs' answers comparable: a run --beside another must share it. */
    private String parameters() {
        return String.format(Locale.ROOT, "%,d records (%s, seed %d), k = %s, %d query points per k", records,
                distribution, seed, ks.stream().map(String::valueOf).collect(Collectors.joining(",")), queries);
    }

    /** One-line errors for bad knobs; the plans. */
    private List<KnnBench.Plan> validate() {
        if (records < 1) {
            throw new IllegalArgumentException("--records must be >= 1, got " + records);
        }
        if (ks.isEmpty() || ks.stream().anyMatch(k -> k == null || k < 1) || new HashSet<>(ks).size() != ks.size()) {
            throw new IllegalArgumentException("--ks must list distinct numbers of at least 1, got " + ks);
        }
        if (queries < 1) {
            throw new IllegalArgumentException("--queries must be >= 1, got " + queries);
        }
        if (warmup < 0) {
            throw new IllegalArgumentException("--warm-up-queries must be >= 0, got " + warmup);
        }
        if (!PointDistributions.names().contains(distribution)) {
            // The same one-line error as creating it, without reading the city catalogue for a check.
            PointDistributions.create(distribution, Map.of(), 1);
        }
        List<KnnBench.Plan> chosen = plans.stream().map(KnnBench.Plan::named).toList();
        if (chosen.isEmpty() || new HashSet<>(chosen).size() != chosen.size()) {
            throw new IllegalArgumentException("--plans must list distinct plans, got " + plans);
        }
        Organisation.organisations(indexes, false);
        transport.transport();
        return chosen;
    }
}
