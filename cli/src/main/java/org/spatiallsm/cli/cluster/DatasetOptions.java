package org.spatiallsm.cli.cluster;

import picocli.CommandLine.Option;

/** {@code --dataverse} and {@code --dataset}: the dataset a cluster command looks at. */
public final class DatasetOptions {

    @Option(names = "--dataverse", required = true, paramLabel = "NAME", description = "the dataset's dataverse")
    String dataverse;

    @Option(names = "--dataset", required = true, paramLabel = "NAME", description = "the dataset")
    String dataset;
}
