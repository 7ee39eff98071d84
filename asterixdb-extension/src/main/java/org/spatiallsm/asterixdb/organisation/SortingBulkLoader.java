package org.spatiallsm.asterixdb.organisation;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

import org.apache.asterix.om.types.ATypeTag;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.LongPointable;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.common.IIndexBulkLoader;
import org.apache.hyracks.storage.common.MultiComparator;
import org.apache.hyracks.storage.common.buffercache.ICachedPage;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * Bulk-loads an organisation's LSM B-tree from what AsterixDB's bulk-load jobs ({@code CREATE INDEX} on existing
 * data, {@code LOAD DATASET}) hand an R-tree: tuples in the R-tree's curve order. Each tuple becomes the index's
 * entries (the organisation's {@link EntryFunction}: one for a point, one per cell for a decomposed object); the
 * entries are sorted in the B-tree's order by an {@link ExternalSort} (at most {@value #MEMORY_BUDGET} bytes in
 * memory, runs spilled to {@code java.io.tmpdir}), and loaded into the B-tree at {@link #end}. When the entries'
 * first fields are numbers ({@link NumericKey}: SHB's and SIF's cell key and coordinates, DHVB's Hilbert value and
 * coordinates), the sort compares them as longs and calls the B-tree's generic comparators only on ties; the order,
 * and so the B-tree, is the same. When it ends, one
 * line at INFO gives its phases ({@link BulkLoadPhases}), so that a {@code CREATE INDEX}'s time can be split
 * between AsterixDB's job and this loader.
 */
public class SortingBulkLoader implements IIndexBulkLoader {

    /** Turns one tuple of the R-tree layout into the entries the index stores for it. */
    public interface EntryFunction {
        void entries(ITupleReference input, EntrySink sink) throws HyracksDataException;
    }

    /** Receives an entry; it is copied, so the reference may be reused. */
    public interface EntrySink {
        void add(ITupleReference entry) throws HyracksDataException;
    }

    /** Entries held in memory by one loader before a run is spilled (one per index partition being loaded). */
    static final long MEMORY_BUDGET = 32L << 20;

    private static final Logger LOGGER = LogManager.getLogger();

    private final IIndexBulkLoader target;
    private final EntryFunction entries;
    private final ExternalSort<StoredTuple> sort;
    private final ArrayTupleReference loaded = new ArrayTupleReference();
    private final BulkLoadPhases phases;

    /**
     * A leading key field of the B-tree's entries that the B-tree's order compares as a number (AsterixDB's
     * comparators order int64s as {@link Long#compare} and doubles as {@link Double#compare}): the loader sorts on
     * it as a long ({@link LongKeyOrder}), in the same order, and leaves the rest to the B-tree's comparators.
     */
    public enum NumericKey {
        /** A tagged int64. */
        INT64(ATypeTag.SERIALIZED_INT64_TYPE_TAG),
        /** A tagged double. */
        DOUBLE(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG);

        private final byte tag;

        NumericKey(byte tag) {
            this.tag = tag;
        }
    }

    /**
     * Sorts the entries with {@code order} alone.
     *
     * @param index names the index partition being loaded in the log line
     */
    public SortingBulkLoader(IIndexBulkLoader target, IBinaryComparatorFactory[] order, EntryFunction entries,
            String index) {
        this(target, order, List.of(), entries, index);
    }

    /**
     * Sorts the entries on their leading numeric keys first, as {@code order} does.
     *
     * @param numericKeys the types of the entries' first fields, which {@code order} compares as numbers
     * @param index names the index partition being loaded in the log line
     */
    public SortingBulkLoader(IIndexBulkLoader target, IBinaryComparatorFactory[] order, List<NumericKey> numericKeys,
            EntryFunction entries, String index) {
        this(target, order, numericKeys, entries, index, MEMORY_BUDGET);
    }

    SortingBulkLoader(IIndexBulkLoader target, IBinaryComparatorFactory[] order, List<NumericKey> numericKeys,
            EntryFunction entries, String index, long memoryBudget) {
        this.target = target;
        this.entries = entries;
        this.sort = sort(order, numericKeys, memoryBudget);
        this.phases = new BulkLoadPhases(index, System.nanoTime());
    }

    /** The B-tree's order on copied entries. */
    static Comparator<StoredTuple> tupleOrder(IBinaryComparatorFactory[] order) {
        return new TupleOrder(MultiComparator.create(order));
    }

    /** The B-tree's order on copied entries whose first fields are {@code numericKeys}: their longs, then ties. */
    static LongKeyOrder<StoredTuple> numericKeyOrder(List<NumericKey> numericKeys, Comparator<StoredTuple> ties) {
        NumericKey[] types = numericKeys.toArray(new NumericKey[0]);
        return new LongKeyOrder<>(types.length, (tuple, field) -> tuple.numericKey(field, types[field]), ties);
    }

    private static ExternalSort<StoredTuple> sort(IBinaryComparatorFactory[] order, List<NumericKey> numericKeys,
            long memoryBudget) {
        if (numericKeys.size() > order.length) {
            throw new IllegalArgumentException(numericKeys.size() + " numeric keys, but the B-tree's order has only "
                    + order.length + " fields");
        }
        Path spill = Path.of(System.getProperty("java.io.tmpdir"));
        Comparator<StoredTuple> tuples = tupleOrder(order);
        return numericKeys.isEmpty() ? new ExternalSort<>(tuples, StoredTuple.CODEC, memoryBudget, spill)
                : new ExternalSort<>(numericKeyOrder(numericKeys, tuples), StoredTuple.CODEC, memoryBudget, spill);
    }

    @Override
    public void add(ITupleReference tuple) throws HyracksDataException {
        long start = System.nanoTime();
        phases.tupleArrived(start);
        entries.entries(tuple, this::buffer);
        phases.tupleBuffered(System.nanoTime() - start);
    }

    private void buffer(ITupleReference entry) throws HyracksDataException {
        try {
            sort.add(StoredTuple.copyOf(entry));
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
        phases.entry();
    }

    /** The runs the sort has spilled so far. */
    public int spilledRuns() {
        return sort.runs();
    }

    @Override
    public void end() throws HyracksDataException {
        long start = System.nanoTime();
        phases.received(start, sort.runs(), sort.spilledBytes(), sort.spillNanos());
        try {
            sort.finish(entry -> {
                long loadStart = System.nanoTime();
                loaded.reset(entry.ends(), entry.data());
                target.add(loaded);
                phases.loaded(System.nanoTime() - loadStart);
            });
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
        long sorted = System.nanoTime();
        target.end();
        phases.ended(start, sorted, System.nanoTime());
        LOGGER.info(phases::describe);
    }

    @Override
    public void abort() throws HyracksDataException {
        try {
            sort.close();
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        } finally {
            target.abort();
        }
    }

    @Override
    public void force() throws HyracksDataException {
        target.force();
    }

    @Override
    public void writeFailed(ICachedPage page, Throwable failure) {
        target.writeFailed(page, failure);
    }

    @Override
    public boolean hasFailed() {
        return target.hasFailed();
    }

    @Override
    public Throwable getFailure() {
        return target.getFailure();
    }

    /** A copied tuple: its fields' end offsets and their bytes. */
    record StoredTuple(int[] ends, byte[] data) {

        static final ExternalSort.Codec<StoredTuple> CODEC = new ExternalSort.Codec<>() {
            @Override
            public void write(StoredTuple tuple, DataOutputStream out) throws IOException {
                out.writeInt(tuple.ends.length);
                for (int end : tuple.ends) {
                    out.writeInt(end);
                }
                out.writeInt(tuple.data.length);
                out.write(tuple.data);
            }

            @Override
            public StoredTuple read(DataInputStream in) throws IOException {
                int[] ends = new int[in.readInt()];
                for (int field = 0; field < ends.length; field++) {
                    ends[field] = in.readInt();
                }
                byte[] data = new byte[in.readInt()];
                in.readFully(data);
                return new StoredTuple(ends, data);
            }

            @Override
            public long memoryBytes(StoredTuple tuple) {
                return 64L + 4L * tuple.ends.length + tuple.data.length;
            }
        };

        /** The {@code field}-th field, a tagged number of type {@code type}, as {@link LongKeyOrder} orders it. */
        long numericKey(int field, NumericKey type) {
            int start = field == 0 ? 0 : ends[field - 1];
            if (data[start] != type.tag) {
                throw new IllegalStateException("entry field " + field + " is no " + type + " but has type tag "
                        + data[start]);
            }
            long value = LongPointable.getLong(data, start + 1);
            return type == NumericKey.INT64 ? value : LongKeyOrder.orderedBits(Double.longBitsToDouble(value));
        }

        static StoredTuple copyOf(ITupleReference tuple) {
            int fields = tuple.getFieldCount();
            int[] ends = new int[fields];
            int length = 0;
            for (int field = 0; field < fields; field++) {
                length += tuple.getFieldLength(field);
                ends[field] = length;
            }
            byte[] data = new byte[length];
            for (int field = 0; field < fields; field++) {
                int start = field == 0 ? 0 : ends[field - 1];
                System.arraycopy(tuple.getFieldData(field), tuple.getFieldStart(field), data, start,
                        tuple.getFieldLength(field));
            }
            return new StoredTuple(ends, data);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof StoredTuple tuple && Arrays.equals(ends, tuple.ends)
                    && Arrays.equals(data, tuple.data);
        }

        @Override
        public int hashCode() {
            return 31 * Arrays.hashCode(ends) + Arrays.hashCode(data);
        }
    }

    /** The B-tree's order on copied tuples. */
    private static final class TupleOrder implements Comparator<StoredTuple> {
        private final MultiComparator order;
        private final ArrayTupleReference left = new ArrayTupleReference();
        private final ArrayTupleReference right = new ArrayTupleReference();

        TupleOrder(MultiComparator order) {
            this.order = order;
        }

        @Override
        public int compare(StoredTuple a, StoredTuple b) {
            left.reset(a.ends, a.data);
            right.reset(b.ends, b.data);
            try {
                return order.compare(left, right);
            } catch (HyracksDataException e) {
                throw new IllegalStateException("comparing index entries", e);
            }
        }
    }
}
