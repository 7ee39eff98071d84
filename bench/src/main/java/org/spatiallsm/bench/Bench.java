package org.spatiallsm.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * Entry point of {@code ./scripts/bench}: one subcommand per micro-benchmark. Not {@code spatial-lsm bench}, which
 * measures a running cluster; the help says so, since both are called "bench".
 */
@Command(name = "./scripts/bench", mixinStandardHelpOptions = true,
        description = { "Micro-benchmarks of spatial-lsm's building blocks (sorting with a comparator, partitioning, "
                + "a leveled flush, the organisations' bulk loader), run in this JVM, without a cluster.",
            "For benchmarks against a running cluster (ingest, merge policies, comparators in the engine, index "
                + "organisations), see 'spatial-lsm bench --help'." },
        subcommands = { ComparatorBenchmark.class, PartitionerBenchmark.class, LeveledFlushBenchmark.class,
            BulkLoadBenchmark.class })
public final class Bench implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new Bench()).execute(args));
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
