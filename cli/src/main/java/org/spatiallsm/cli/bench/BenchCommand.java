package org.spatiallsm.cli.bench;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.DataOptions;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.FeedOptions;
import org.spatiallsm.cli.KeepOption;
import org.spatiallsm.cli.WithOption;
import org.spatiallsm.cli.WriteOptions;
import org.spatiallsm.load.GeneratedRecords;
import org.spatiallsm.experiment.bench.IngestBenchmark;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Benchmarks against a running cluster; results are printed, never asserted. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = { "Benchmarks against a running cluster.",
            "The micro-benchmarks of single building blocks, without a cluster (comparator sorting cost, "
                + "partitioners, leveled flushes), are a separate tool: ./scripts/bench --help." },
        subcommands = { BenchCommand.Ingest.class, MergePoliciesBenchCommand.class,
            SpatialPoliciesBenchCommand.class, GridDensityBenchCommand.class, IndexJoinBenchCommand.class,
            KnnBenchCommand.class })
public final class BenchCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "ingest", mixinStandardHelpOptions = true, sortOptions = false,
            description = { "Ingestion throughput of the same records, side by side: raw loopback TCP writes (the "
                    + "client's ceiling), a socket feed, and HTTP INSERT batches.",
                "Each path loads a fresh dataset in the dataverse --dataverse, which is dropped first and at the end "
                    + "(unless --keep); a path's time ends when all its records are visible." },
            exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "1:AsterixDB refused a statement",
                "2:bad command line", CommandFailures.NO_USABLE_CLUSTER,
                "4:a path did not deliver every record" })
    static final class Ingest implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--dataverse", paramLabel = "NAME", defaultValue = "SpatialLsmBench",
                description = "scratch dataverse, dropped and recreated (default: ${DEFAULT-VALUE})")
        String dataverse;

        @Mixin
        KeepOption keep;

        @Mixin
        EndpointOption endpoint;

        @Mixin
        FeedOptions feed;

        @Mixin
        WriteOptions write;

        @Mixin
        WithOption with;

        @Mixin
        DataOptions data;

        @Override
        public Integer call() {
            return CommandFailures.run(spec.commandLine().getErr(), () -> {
                if (data.recordCount() < 1) {
                    throw new IllegalArgumentException("--records must be >= 1, got " + data.recordCount());
                }
                GeneratedRecords records = data.records();
                IngestBenchmark.Settings settings = new IngestBenchmark.Settings(dataverse, feed.host(), feed.port(),
                        write.feedMode(), write.batchSize(), write.rtree(), with.with(), feed.stallTimeout(),
                        keep.keep());
                List<IngestBenchmark.Row> rows = new IngestBenchmark(endpoint.client(), System.err).run(records,
                        data.recordShape(), settings);
                String title = String.format(Locale.ROOT, "ingestion of %,d %s records (%s distribution, seed %d) "
                        + "into %s, R-tree %s", records.count(), data.recordShape().name(), data.distribution(),
                        data.seed(), endpoint.endpoint(), write.rtree() ? "on" : "off");
                spec.commandLine().getOut().print(IngestBenchmark.table(title, rows));
                spec.commandLine().getOut().flush();
                boolean complete = rows.stream().allMatch(r -> r.arrived() == r.records());
                return complete ? CommandFailures.OK : CommandFailures.NOT_VERIFIED;
            });
        }
    }
}
