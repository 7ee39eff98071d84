package org.spatiallsm.cli.cluster;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.client.lsm.LsmEvent;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.client.lsm.NodeRequestFailedException;
import org.spatiallsm.introspection.IntrospectionJson;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code spatial-lsm stats}: a dataset's write and read numbers per index, from every NC. */
@Command(name = "stats", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Prints, per index of a dataset (all partitions, every node controller): the flushes and "
                + "merges so far and the write amplification W = (bytes flushed + bytes merged) / bytes flushed, "
                + "from the LSM event files; the searches since each node opened the index, the disk components "
                + "they opened per search and the pages they read from disk (where the nodes count them); and the "
                + "components and bytes on disk per level.",
            "W needs the events of a spatial-lsm merge policy (set on the dataset or the index); other indexes show "
                + "-. Flush first (spatial-lsm flush) to count what is still in memory. See docs/introspection.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:printed", "1:a node refused the request",
            "2:bad command line or no such dataset", CommandFailures.NO_USABLE_CLUSTER })
public final class StatsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    DatasetOptions target;

    @Option(names = "--json", description = "one JSON document instead of the tables")
    boolean json;

    @Mixin
    EndpointOption endpoint;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            LsmIntrospectionClient lsm = new LsmIntrospectionClient(endpoint.client(), Duration.ofMinutes(1));
            String dataverse = target.dataverse;
            String dataset = target.dataset;
            int datasetId = lsm.datasetId(dataverse, dataset);
            List<LsmEvent> events;
            try {
                events = lsm.events(dataverse, dataset);
            } catch (NodeRequestFailedException e) {
                // Lost events would make W wrong, not unknowable: show the other numbers, and say why W is missing.
                spec.commandLine().getErr().println("note: no write amplification: " + e.getMessage());
                events = List.of();
            }
            List<DatasetStats.IndexStats> stats = DatasetStats.of(lsm.typedListings(dataverse, dataset), events);
            PrintWriter out = spec.commandLine().getOut();
            out.print(json ? IntrospectionJson.pretty(new DatasetStats.StatsDocument(dataverse, dataset, datasetId,
                    stats)) : DatasetStats.table(dataverse, dataset, datasetId, stats));
            out.flush();
            return CommandFailures.OK;
        });
    }
}
