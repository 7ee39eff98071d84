package org.spatiallsm.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

import org.spatiallsm.cli.bench.BenchCommand;
import org.spatiallsm.cli.cluster.ComponentsCommand;
import org.spatiallsm.cli.cluster.FlushCommand;
import org.spatiallsm.cli.cluster.SqlppCommand;
import org.spatiallsm.cli.cluster.StatsCommand;
import org.spatiallsm.cli.experiment.ExperimentCommand;
import org.spatiallsm.cli.load.GenerateCommand;
import org.spatiallsm.cli.load.LoadCommand;
import org.spatiallsm.cli.organisation.CellsCommand;
import org.spatiallsm.cli.organisation.CellsPerObjectCommand;
import org.spatiallsm.cli.organisation.CurveCommand;
import org.spatiallsm.cli.simulate.SimulateCommand;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./scripts/spatial-lsm}: one subcommand per tool. */
@Command(name = "spatial-lsm", mixinStandardHelpOptions = true, versionProvider = SpatialLsmCli.Version.class,
        description = "Tools for spatial-lsm: AsterixDB with LSM merge policies and spatial indexes.",
        subcommands = { CommandLine.HelpCommand.class, SqlppCommand.class, SimulateCommand.class,
            GenerateCommand.class, LoadCommand.class, BenchCommand.class, ExperimentCommand.class,
            ComponentsCommand.class, FlushCommand.class, StatsCommand.class, CurveCommand.class, CellsCommand.class,
            CellsPerObjectCommand.class })
public final class SpatialLsmCli implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, shared by {@link #main} and the tests. */
    public static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new SpatialLsmCli());
        // Numbers are "a whole number" or "a number" for the user, not picocli's "a long" or "a double".
        commandLine.registerConverter(long.class, text -> parse(text, "a whole number", Long::valueOf));
        commandLine.registerConverter(Long.class, text -> parse(text, "a whole number", Long::valueOf));
        commandLine.registerConverter(int.class, text -> parse(text, WHOLE_INT, Integer::valueOf));
        commandLine.registerConverter(Integer.class, text -> parse(text, WHOLE_INT, Integer::valueOf));
        commandLine.registerConverter(double.class, text -> parse(text, "a number", Double::valueOf));
        commandLine.registerConverter(Double.class, text -> parse(text, "a number", Double::valueOf));
        // A mistyped option gets one line naming it, not the whole usage (--help shows that).
        return commandLine.setParameterExceptionHandler((error, args) -> {
            CommandLine failed = error.getCommandLine();
            failed.getErr().println("error: " + usageError(error));
            return failed.getCommandSpec().exitCodeOnInvalidInput();
        });
    }

    private static final String WHOLE_INT = "a whole number up to 2147483647";

    /**
     * A value that does not convert: "--records must be a whole number, got 'abc'", naming the option and what it
     * takes. Anything else: picocli's message without its own "Error: " prefix (which would follow ours), and where
     * to read the command's usage.
     */
    static String usageError(CommandLine.ParameterException error) {
        if (error.getCause() instanceof CommandLine.TypeConversionException conversion
                && error.getArgSpec() instanceof CommandLine.Model.OptionSpec option) {
            String name = option.longestName();
            if (option.type().isEnum()) {
                List<String> allowed = new ArrayList<>();
                option.completionCandidates().forEach(allowed::add);
                return name + " must be one of " + String.join(", ", allowed) + ", got '" + error.getValue() + "'";
            }
            return name + " " + conversion.getMessage();
        }
        String message = error.getMessage();
        return (message.startsWith("Error: ") ? message.substring("Error: ".length()) : message) + " (see: "
                + error.getCommandLine().getCommandSpec().qualifiedName() + " --help)";
    }

    private static <T> T parse(String text, String what, Function<String, T> parser) {
        try {
            return parser.apply(text);
        } catch (NumberFormatException notANumber) {
            throw new CommandLine.TypeConversionException("must be " + what + ", got '" + text + "'");
        }
    }

    @Override
    public void run() {
        // No subcommand given: show what there is rather than doing nothing silently.
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String version = SpatialLsmCli.class.getPackage().getImplementationVersion();
            return new String[] { "spatial-lsm " + (version == null ? "(development build)" : version)
                    + " on AsterixDB 0.9.8" };
        }
    }
}
