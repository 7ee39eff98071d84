package org.spatiallsm.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./scripts/bench}: one subcommand per micro-benchmark. */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Micro-benchmarks of spatial-lsm's building blocks, on this machine.",
        subcommands = { ComparatorBenchmark.class, PartitionerBenchmark.class, LeveledFlushBenchmark.class })
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
