package org.spatiallsm.cli;

import org.spatiallsm.load.FeedMode;

import picocli.CommandLine.Option;

/** How load and bench ingest write records, and what they create: insert or upsert, batch size, the R-tree. */
public final class WriteOptions {

    @Option(names = "--mode", paramLabel = "insert|upsert", defaultValue = "insert",
            description = "insert rejects a record whose key exists, upsert replaces it (AsterixDB feeds' own "
                    + "default is upsert) (default: ${DEFAULT-VALUE})")
    private String mode;

    @Option(names = "--batch", paramLabel = "N", defaultValue = "1000",
            description = "records per HTTP INSERT statement (default: ${DEFAULT-VALUE})")
    private int batch;

    @Option(names = "--no-rtree", negatable = false,
            description = "do not create an R-tree on the point field of datasets this command creates")
    private boolean noRtree;

    public FeedMode feedMode() {
        try {
            return FeedMode.parse(mode);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--mode must be insert or upsert, got '" + mode + "'");
        }
    }

    public int batchSize() {
        if (batch < 1) {
            throw new IllegalArgumentException("--batch must be >= 1, got " + batch);
        }
        return batch;
    }

    public boolean rtree() {
        return !noRtree;
    }
}
