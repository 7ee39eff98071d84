package org.spatiallsm.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import org.spatiallsm.load.GeneratedRecords;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShape;
import org.spatiallsm.workloads.RecordShapes;

import picocli.CommandLine.Option;

/**
 * Which records to generate: shared by generate, load and bench, so that queries can be centred on exactly the
 * records a load inserted by repeating its options.
 */
public final class DataOptions {

    @Option(names = "--distribution", paramLabel = "NAME", defaultValue = "uniform",
            description = "point distribution: uniform, osm-like, gaussian, geospark (default: ${DEFAULT-VALUE})")
    private String distribution;

    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "a distribution parameter, repeatable (see docs/load-driver.md), e.g. gamma=0.8")
    private Map<String, String> parameters = new LinkedHashMap<>();

    @Option(names = "--shape", paramLabel = "NAME", defaultValue = "spatial",
            description = "record shape: point, spatial (Mao, 1 KB), tweet (Kim, 1 KB), house and lake (Kim's tweet "
                    + "with a square area, Gaussian- or Zipf-sized) (default: ${DEFAULT-VALUE})")
    private String shape;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1",
            description = "random seed; same seed, same records (default: ${DEFAULT-VALUE})")
    private long seed;

    @Option(names = "--start-id", paramLabel = "ID", defaultValue = "0",
            description = "id of the first record (default: ${DEFAULT-VALUE})")
    private long startId;

    @Option(names = "--records", paramLabel = "N", defaultValue = "1000",
            description = "number of records (default: ${DEFAULT-VALUE})")
    private long records;

    public RecordShape recordShape() {
        return RecordShapes.named(shape);
    }

    /** @throws IllegalArgumentException with a one-line message for a bad name, parameter or record count */
    public RecordGenerator generator() {
        if (records < 0) {
            throw new IllegalArgumentException("--records must be >= 0, got " + records);
        }
        return new RecordGenerator(PointDistributions.create(distribution, parameters, seed), recordShape(), seed);
    }

    public GeneratedRecords records() {
        return new GeneratedRecords(generator(), startId, records);
    }

    public String distribution() {
        return distribution;
    }

    public long seed() {
        return seed;
    }

    public long startId() {
        return startId;
    }

    /** How many records, from {@link #startId()}. */
    public long recordCount() {
        return records;
    }
}
