package org.spatiallsm.cli.bench;

import picocli.CommandLine.Option;

/**
 * {@code --keep} of the benches that build one index type after another on one dataset ({@code grid-density},
 * {@code index-join}, {@code knn}): what survives is the dataset and the last index, the others having been dropped
 * before the next was built (see {@link org.spatiallsm.experiment.bench.IndexSweep}).
 */
public final class IndexSweepKeepOption {

    @Option(names = "--keep", description = "keep the scratch dataverse afterwards, with its dataset Data and the "
            + "last index measured (spatialIndex); the others are dropped, each before the next is built, so that a "
            + "query never has two indexes to choose from")
    private boolean keep;

    public boolean keep() {
        return keep;
    }
}
