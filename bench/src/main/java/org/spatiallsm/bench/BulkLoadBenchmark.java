package org.spatiallsm.bench;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;

import org.apache.asterix.formats.nontagged.BinaryComparatorFactoryProvider;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.data.std.primitive.LongPointable;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.spatiallsm.asterixdb.organisation.CountingBulkLoader;
import org.spatiallsm.asterixdb.organisation.DhbPointComparatorFactory;
import org.spatiallsm.asterixdb.organisation.HilbertBTree;
import org.spatiallsm.asterixdb.organisation.SortingBulkLoader;
import org.spatiallsm.asterixdb.organisation.SortingBulkLoader.NumericKey;
import org.spatiallsm.asterixdb.organisation.grid.GridBTree;
import org.spatiallsm.curves.DhvbValue;
import org.spatiallsm.organisations.grid.GridOrganisation;
import org.spatiallsm.organisations.grid.GridParameters;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.PointDistribution;
import org.spatiallsm.workloads.PointDistributions;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The organisations' bulk loader ({@link SortingBulkLoader}) on the points of one index partition, as a
 * {@code CREATE INDEX} runs it but without a B-tree behind it (its entries are dropped): the CPU time of adding
 * the tuples (making the entries, copying them, sorting and spilling full batches) and of its end (sorting the last
 * batch, merging the runs), with AsterixDB's comparators alone and with the numeric keys; and the time of computing
 * the organisations' keys alone, to tell the key from the rest of making an entry.
 */
@Command(name = "bulk-load", mixinStandardHelpOptions = true,
        description = "Run the organisations' bulk loader on N points (one index partition) without a B-tree, and "
                + "compare CPU times: making entries, sorting them with AsterixDB's comparators or on their numeric "
                + "keys, and the keys alone.")
final class BulkLoadBenchmark implements Callable<Integer> {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final IBinaryComparatorFactory INT64 =
            BinaryComparatorFactoryProvider.INSTANCE.getBinaryComparatorFactory(BuiltinType.AINT64, true);
    private static final IBinaryComparatorFactory DOUBLE =
            BinaryComparatorFactoryProvider.INSTANCE.getBinaryComparatorFactory(BuiltinType.ADOUBLE, true);
    /** ⟨key, x, y, pk⟩: SHB's and SIF's cell key or DHVB's Hilbert value, AsterixDB's comparators. */
    private static final IBinaryComparatorFactory[] KEY_X_Y_PK = { INT64, DOUBLE, DOUBLE, INT64 };
    private static final List<NumericKey> NUMERIC_KEY_X_Y = List.of(NumericKey.INT64, NumericKey.DOUBLE,
            NumericKey.DOUBLE);

    @Spec
    CommandSpec spec;

    @Option(names = "--points", defaultValue = "200000",
            description = "points of the partition (default: ${DEFAULT-VALUE}, one of two partitions of the 400,000 "
                    + "tweets of docs/experiments.md)")
    int points;

    @Option(names = "--distribution", defaultValue = "osm-like",
            description = "point distribution of spatial-workloads (default: ${DEFAULT-VALUE})")
    String distribution;

    @Option(names = "--runs", defaultValue = "3",
            description = "timed runs per row; the median is reported (default: ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--warm-up-runs", defaultValue = "1",
            description = "untimed runs per row before the timed ones (default: ${DEFAULT-VALUE})")
    int warmUpRuns;

    @Option(names = "--seed", defaultValue = "42", description = "random seed (default: ${DEFAULT-VALUE})")
    long seed;

    /** The keys' sum, which the JIT cannot leave uncomputed. */
    private long keySum;

    /** One row of the table: a loader, or only the keys. */
    private record Row(String name, Timed timed) {
    }

    @FunctionalInterface
    private interface Timed {
        /** One run: CPU milliseconds of its parts, and what it counted. */
        long[] run(List<ITupleReference> tuples) throws Exception;
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (points < 1 || runs < 1 || warmUpRuns < 0) {
            spec.commandLine().getErr().println("error: need --points >= 1, --runs >= 1, --warm-up-runs >= 0");
            return 2;
        }
        PointDistribution source;
        try {
            source = PointDistributions.create(distribution, Map.of(), seed);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return 2;
        }
        List<ITupleReference> tuples = rtreeTuples(source);
        GridOrganisation shb = new GridOrganisation(GridOrganisation.Kind.SHB_POINTS, GridParameters.DEFAULTS);
        GridOrganisation sif = new GridOrganisation(GridOrganisation.Kind.SIF, GridParameters.DEFAULTS);
        IBinaryComparatorFactory[] dhbOrder = { DhbPointComparatorFactory.INSTANCE, INT64 };
        List<Row> rows = List.of(
                loader("DHB, comparators", dhbOrder, List.of(), HilbertBTree.bulkLoadEntries("dhb", 2)),
                loader("DHVB, comparators", KEY_X_Y_PK, List.of(), HilbertBTree.bulkLoadEntries("dhvb", 4)),
                loader("DHVB, numeric keys", KEY_X_Y_PK, NUMERIC_KEY_X_Y, HilbertBTree.bulkLoadEntries("dhvb", 4)),
                loader("SHB, comparators", KEY_X_Y_PK, List.of(), GridBTree.bulkLoadEntries(shb, 4)),
                loader("SHB, numeric keys", KEY_X_Y_PK, NUMERIC_KEY_X_Y, GridBTree.bulkLoadEntries(shb, 4)),
                loader("SIF, comparators", KEY_X_Y_PK, List.of(), GridBTree.bulkLoadEntries(sif, 4)),
                loader("SIF, numeric keys", KEY_X_Y_PK, NUMERIC_KEY_X_Y, GridBTree.bulkLoadEntries(sif, 4)),
                keysOnly("DHVB value alone", (x, y) -> new long[] { DhvbValue.of(x, y) }),
                keysOnly("SHB cell key alone", (x, y) -> shb.keys(x, y, x, y)),
                keysOnly("SIF cell keys alone", (x, y) -> sif.keys(x, y, x, y)));
        out.printf("Bulk loader on %,d %s points without a B-tree: CPU ms of this thread, median of %d runs after %d "
                + "warm-up (JVM %s, %d cores)%n", points, distribution, runs, warmUpRuns,
                System.getProperty("java.version"), Runtime.getRuntime().availableProcessors());
        out.printf("%-22s %10s %6s %10s %10s %10s%n", "", "entries", "runs", "add ms", "end ms", "total ms");
        for (Row row : rows) {
            for (int run = 0; run < warmUpRuns; run++) {
                row.timed().run(tuples);
            }
            long[][] results = new long[runs][];
            for (int run = 0; run < runs; run++) {
                results[run] = row.timed().run(tuples);
            }
            out.printf("%-22s %,10d %6d %,10d %,10d %,10d%n", row.name(), results[0][0], results[0][1],
                    median(results, 2), median(results, 3), median(results, 4));
            out.flush();
        }
        out.printf("(add: making the entries, copying them, sorting and spilling full batches; end: sorting the last "
                + "batch and merging the runs; the keys alone are in the add column; key sum %d)%n", keySum);
        return 0;
    }

    /** A loader of the given order and entries: entries, runs, add ms, end ms, total ms. */
    private static Row loader(String name, IBinaryComparatorFactory[] order, List<NumericKey> numericKeys,
            SortingBulkLoader.EntryFunction entries) {
        return new Row(name, tuples -> {
            CountingBulkLoader btree = new CountingBulkLoader();
            long start = cpuNanos();
            SortingBulkLoader loader = new SortingBulkLoader(btree, order, numericKeys, entries, "benchmark");
            for (ITupleReference tuple : tuples) {
                loader.add(tuple);
            }
            long added = cpuNanos();
            int runs = loader.spilledRuns();
            loader.end();
            long ended = cpuNanos();
            return new long[] { btree.entries(), runs, millis(added - start), millis(ended - added),
                millis(ended - start) };
        });
    }

    @FunctionalInterface
    private interface Keys {
        long[] of(double x, double y);
    }

    /** The keys of every point: how many, 0 runs, add ms, 0, total ms (their sum is kept, so none is skipped). */
    private Row keysOnly(String name, Keys keys) {
        return new Row(name, tuples -> {
            long count = 0;
            long start = cpuNanos();
            for (ITupleReference tuple : tuples) {
                for (long key : keys.of(coordinate(tuple, 0), coordinate(tuple, 1))) {
                    keySum += key;
                    count++;
                }
            }
            long millis = millis(cpuNanos() - start);
            return new long[] { count, 0, millis, 0, millis };
        });
    }

    /** R-tree tuples as AsterixDB hands them to the loader: ⟨x, y, x, y, pk⟩, tagged doubles and an int64. */
    private List<ITupleReference> rtreeTuples(PointDistribution source) throws IOException {
        SplittableRandom random = new SplittableRandom(seed);
        List<ITupleReference> tuples = new ArrayList<>(points);
        ArrayTupleBuilder builder = new ArrayTupleBuilder(5);
        for (int pk = 0; pk < points; pk++) {
            GeoPoint point = source.sample(random);
            builder.reset();
            for (double coordinate : new double[] { point.lon(), point.lat(), point.lon(), point.lat() }) {
                builder.getDataOutput().writeByte(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG);
                builder.getDataOutput().writeDouble(coordinate);
                builder.addFieldEndOffset();
            }
            builder.getDataOutput().writeByte(ATypeTag.SERIALIZED_INT64_TYPE_TAG);
            builder.getDataOutput().writeLong(pk);
            builder.addFieldEndOffset();
            ArrayTupleReference tuple = new ArrayTupleReference();
            tuple.reset(builder.getFieldEndOffsets().clone(), Arrays.copyOf(builder.getByteArray(),
                    builder.getSize()));
            tuples.add(tuple);
        }
        return tuples;
    }

    private static double coordinate(ITupleReference tuple, int field) {
        byte[] data = tuple.getFieldData(field);
        return Double.longBitsToDouble(LongPointable.getLong(data, tuple.getFieldStart(field) + 1));
    }

    private static long cpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    private static long millis(long nanos) {
        return Math.round(nanos / 1e6);
    }

    private static long median(long[][] results, int column) {
        long[] values = Arrays.stream(results).mapToLong(result -> result[column]).sorted().toArray();
        return values[values.length / 2];
    }
}
