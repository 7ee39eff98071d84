package org.spatiallsm.cli.load;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.DataOptions;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.cli.FeedOptions;
import org.spatiallsm.cli.WithOption;
import org.spatiallsm.cli.WriteOptions;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.FileRecords;
import org.spatiallsm.load.LoadReport;
import org.spatiallsm.load.Loader;
import org.spatiallsm.load.RecordSource;
import org.spatiallsm.workloads.RecordShape;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** Streams generated or file records into a dataset and verifies that it holds them afterwards. */
@Command(name = "load", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Load records into a dataset through a socket feed (default) or HTTP INSERT batches, at full "
                + "speed or a target rate, with live progress; then check that the dataset holds every record.",
            "Records are generated (see the data options) or read from --file (ADM: one record per line, or records "
                + "written over several lines).",
            "A load that fails leaves nothing behind: a feed it created is dropped, and so is a dataset --create made "
                + "if nothing was sent to it. See docs/load-driver.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:success", "1:AsterixDB refused a statement, or "
                + "the dataset or feed cannot take the records", "2:bad command line or input file",
            CommandFailures.NO_USABLE_CLUSTER + " (also: not ACTIVE again within --recovery-timeout after a failure)",
            "4:the dataset does not hold everything that was sent" })
public final class LoadCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--dataset", paramLabel = "DATAVERSE.DATASET", required = true,
            description = "the target dataset, e.g. Geo.Points")
    String dataset;

    @ArgGroup(exclusive = true)
    Transport transport = new Transport();

    static final class Transport {
        @Option(names = "--feed", description = "through a socket feed (the default)")
        boolean feed;

        @Option(names = "--http", description = "as HTTP INSERT (or UPSERT) batches of --batch records")
        boolean http;
    }

    @Option(names = "--feed-name", paramLabel = "NAME",
            description = "the feed to use, created if missing (default: <dataset>Feed)")
    String feedName;

    @Option(names = "--create", description = "create the dataset (closed type from --shape, R-tree on its point) "
            + "if it does not exist")
    boolean create;

    @Option(names = "--rate", paramLabel = "RECORDS/S", defaultValue = "0",
            description = "target rate, 0 for full speed (default: ${DEFAULT-VALUE})")
    double rate;

    @Option(names = "--file", paramLabel = "FILE",
            description = "load this file of ADM records instead of generating records; a record may span lines")
    Path file;

    @Option(names = "--check", paramLabel = "N", defaultValue = "5",
            description = "generated records read back and compared after the load (default: ${DEFAULT-VALUE})")
    int contentChecks;

    @Option(names = "--recovery-timeout", paramLabel = "SECONDS", defaultValue = "600",
            description = "after the feed's connection breaks or its cluster fails, wait this long at most for the "
                    + "cluster to be ACTIVE again before resending what did not arrive (default: ${DEFAULT-VALUE})")
    long recoverySeconds;

    @Option(names = "--progress-every", paramLabel = "SECONDS", defaultValue = "1",
            description = "seconds between progress reports (default: ${DEFAULT-VALUE})")
    double progressSeconds;

    @Mixin
    EndpointOption endpoint;

    @Mixin
    FeedOptions feed;

    @Mixin
    WriteOptions write;

    @Mixin
    WithOption with;

    @Option(names = "--index-with", paramLabel = "JSON",
            description = "WITH clause of the R-tree that --create puts on the point field: its own merge policy, "
                    + "comparator, partitioning, e.g. '{\"merge-policy\": {\"name\": \"leveled\"}, "
                    + "\"comparator\": \"simple\"}' (default: none: the R-tree runs the dataset's merge policy "
                    + "and the default comparator)")
    String indexWith;

    @Mixin
    DataOptions data;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            DatasetName target = parseDataset(dataset);
            if (!(progressSeconds > 0)) {
                throw new IllegalArgumentException("--progress-every must be > 0 seconds, got " + progressSeconds);
            }
            if (recoverySeconds < 1) {
                throw new IllegalArgumentException("--recovery-timeout must be >= 1 second, got " + recoverySeconds);
            }
            if (contentChecks < 0) {
                throw new IllegalArgumentException("--check must be >= 0, got " + contentChecks);
            }
            if (!(rate >= 0) || Double.isInfinite(rate)) {
                throw new IllegalArgumentException("--rate must be >= 0 records per second (0 for full speed), got "
                        + rate);
            }
            if (indexWith != null && !write.rtree()) {
                throw new IllegalArgumentException("--index-with configures the R-tree that --no-rtree leaves out; "
                        + "give one of them");
            }
            boolean shapeGiven = spec.commandLine().getParseResult().hasMatchedOption("--shape");
            RecordShape shape = file == null || shapeGiven || create ? data.recordShape() : null;
            RecordSource source = file != null ? new FileRecords(file) : data.records();
            Loader.Options options = new Loader.Options(target, transport.http ? Loader.Transport.HTTP
                    : Loader.Transport.FEED, write.feedMode(), feedName, feed.host(), feed.port(),
                    write.batchSize(), rate, create, with.with(), write.rtree(), indexWith, feed.stallTimeout(),
                    contentChecks, FeedOptions.clusterDataDir(), Duration.ofMillis((long) (progressSeconds * 1000)),
                    Duration.ofSeconds(recoverySeconds));
            PrintStream log = System.err;
            LoadReport report = new Loader(endpoint.client(), log, System.console() != null).load(source, shape,
                    options);
            spec.commandLine().getOut().println(report.summary());
            spec.commandLine().getOut().flush();
            return report.verified() ? CommandFailures.OK : CommandFailures.NOT_VERIFIED;
        });
    }

    static DatasetName parseDataset(String qualified) {
        int dot = qualified.lastIndexOf('.');
        if (dot <= 0 || dot == qualified.length() - 1) {
            throw new IllegalArgumentException("--dataset must be DATAVERSE.DATASET, got '" + qualified + "'");
        }
        return new DatasetName(qualified.substring(0, dot), qualified.substring(dot + 1));
    }
}
