package org.spatiallsm.cli.cluster;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import org.spatiallsm.cli.CommandFailures;
import org.spatiallsm.cli.EndpointOption;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code spatial-lsm flush}: writes a dataset's memory components to disk on every NC. */
@Command(name = "flush", mixinStandardHelpOptions = true, sortOptions = false,
        description = { "Flushes the memory components of every index of a dataset on every node controller the "
                + "cluster controller lists, and returns when the flushed components are installed and the merge "
                + "policies have scheduled their merges. Records stay in memory until a component fills up, so a "
                + "small dataset shows no disk component in `components` until it is flushed.",
            "See docs/introspection.md." },
        exitCodeListHeading = "%nExit codes:%n", exitCodeList = { "0:flushed on every node",
            "1:a node refused the request or did not finish in " + FlushCommand.NODE_WAIT_MINUTES + " minutes",
            "2:bad command line or no such dataset", CommandFailures.NO_USABLE_CLUSTER })
public final class FlushCommand implements Callable<Integer> {

    /** How long each node may take: a flush waits for the merges still running before it. */
    static final int NODE_WAIT_MINUTES = 5;

    @Spec
    CommandSpec spec;

    @Mixin
    DatasetOptions target;

    @Mixin
    EndpointOption endpoint;

    @Override
    public Integer call() {
        return CommandFailures.run(spec.commandLine().getErr(), () -> {
            LsmIntrospectionClient lsm = new LsmIntrospectionClient(endpoint.client(),
                    Duration.ofMinutes(NODE_WAIT_MINUTES));
            // Without this a misspelled name would "flush" nothing on every node and report success.
            lsm.datasetId(target.dataverse, target.dataset);
            lsm.flushWithoutListing(target.dataverse, target.dataset);
            PrintWriter out = spec.commandLine().getOut();
            out.printf("flushed %s.%s on %s%n", target.dataverse, target.dataset,
                    lsm.nodes().stream().map(LsmIntrospectionClient.Node::id).collect(Collectors.joining(", ")));
            out.flush();
            return CommandFailures.OK;
        });
    }
}
