package org.spatiallsm.cli.experiment;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.ExperimentRunner;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.RunFolder;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.Studies;
import org.spatiallsm.experiment.Study;
import org.spatiallsm.experiment.report.Plot;
import org.spatiallsm.experiment.report.Report;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code spatial-lsm experiment}: one study of the published work, every raw sample into a run folder. */
@Command(name = "experiment", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Runs a study's configurations one after another on a running cluster and writes every raw "
                + "sample (queries, flushes and merges, throughput, components) as CSV into --out/<study>-<time>/, "
                + "with run.json (environment and parameters). See docs/experiments.md.",
            "Results are recorded, never asserted." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "1:AsterixDB refused a statement",
            "2:bad command line", CommandFailures.NO_USABLE_CLUSTER })
public final class ExperimentCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @picocli.CommandLine.Parameters(index = "0", arity = "0..1", paramLabel = "STUDY",
            description = "the study to run; --list names them")
    String study;

    @Option(names = "--list", description = "list the studies, their configurations and scales, and exit")
    boolean list;

    @Option(names = "--scale", paramLabel = "smoke|small|medium|large", defaultValue = "smoke",
            description = "the study's preset of records, record size, flush size and queries "
                    + "(default: ${DEFAULT-VALUE})")
    String scale;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "results",
            description = "where the run folder <study>-<yyyyMMdd-HHmmss>/ is created (default: ${DEFAULT-VALUE})")
    Path out;

    @Option(names = "--resume", description = "continue the newest run folder of the study in --out: finished "
            + "configurations are skipped, an interrupted one is redone; needs the same --scale and --param")
    boolean resume;

    @Option(names = "--param", paramLabel = "NAME=VALUE", description = "replace a knob of the preset, e.g. "
            + "records=5000; repeatable; --list shows every knob, run.json which ones were changed")
    List<String> parameters = new ArrayList<>();

    @Option(names = "--format", paramLabel = "html|text", defaultValue = "html",
            description = "html: report.html and plots/ in the run folder; text: the same numbers as plain tables "
                    + "(default: ${DEFAULT-VALUE})")
    String format;

    @Mixin
    EndpointOption endpoint;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            if (list) {
                out.print(listing());
                out.flush();
                return CommandFailures.OK;
            }
            if (study == null) {
                throw new IllegalArgumentException("name a study (" + Studies.names() + ") or use --list");
            }
            Study chosen = Studies.named(study);
            Scale chosenScale = Scale.named(scale);
            if (!format.equals("html") && !format.equals("text")) {
                throw new IllegalArgumentException("unknown --format '" + format + "'; valid: html, text");
            }
            RunFolder folder = new ExperimentRunner(endpoint.client(), System.err).run(chosen, chosenScale,
                    parameters, this.out, resume);
            out.println("run folder: " + folder.root());
            report(folder.root(), out);
            out.flush();
            return CommandFailures.OK;
        });
    }

    /** html: report.html and plots/ written into the run folder; text: the report's tables printed. */
    private void report(Path runFolder, PrintWriter out) {
        if (format.equals("html")) {
            List<Plot> plots = Report.write(runFolder);
            out.println("report: " + runFolder.resolve(Report.HTML_FILE) + " (" + plots.size() + " plots, also in "
                    + runFolder.resolve(Report.PLOTS_FOLDER) + ")");
        } else {
            ByteArrayOutputStream tables = new ByteArrayOutputStream();
            PrintStream text = new PrintStream(tables, true, StandardCharsets.UTF_8);
            Report.text(runFolder, text);
            text.flush();
            out.print(tables.toString(StandardCharsets.UTF_8));
        }
    }

    /** Every study: its configurations and, per scale, the preset's size and the measured run time. */
    static String listing() {
        StringBuilder text = new StringBuilder();
        for (Study study : Studies.ALL) {
            Parameters smoke = Parameters.of(ExperimentRunner.preset(study, Scale.SMOKE), List.of());
            text.append(study.name()).append(": ").append(study.title()).append('\n');
            text.append("  configurations (smoke): ").append(study.configurations(smoke).stream()
                    .map(Configuration::id).collect(Collectors.joining(", "))).append('\n');
            text.append(String.format(Locale.ROOT, "  %-7s %12s %13s %14s %8s  %s%n", "scale", "records",
                    "record bytes", "records/flush", "queries", "run time on 2 cores"));
            for (Scale scale : Scale.values()) {
                Map<String, String> preset = study.preset(scale);
                text.append(String.format(Locale.ROOT, "  %-7s %12s %13s %14s %8s  %s%n", scale.id(),
                        grouped(preset.get("records")), grouped(preset.get("recordBytes")),
                        grouped(preset.get("recordsPerFlush")),
                        preset.containsKey("queries") ? grouped(preset.get("queries")) : "none",
                        study.runTime(scale)));
            }
            text.append("  knobs (--param NAME=VALUE; smoke values): ").append(smoke.values().entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "))).append("\n\n");
        }
        return text.toString();
    }

    private static String grouped(String number) {
        return String.format(Locale.ROOT, "%,d", Long.parseLong(number));
    }
}
