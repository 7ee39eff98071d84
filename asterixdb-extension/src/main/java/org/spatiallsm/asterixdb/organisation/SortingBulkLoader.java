package org.spatiallsm.asterixdb.organisation;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
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
 * memory, runs spilled to {@code java.io.tmpdir}), and loaded into the B-tree at {@link #end}. When it ends, one
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

    /** @param index names the index partition being loaded in the log line */
    public SortingBulkLoader(IIndexBulkLoader target, IBinaryComparatorFactory[] order, EntryFunction entries,
            String index) {
        this.target = target;
        this.entries = entries;
        this.sort = new ExternalSort<>(new TupleOrder(MultiComparator.create(order)), StoredTuple.CODEC, MEMORY_BUDGET,
                Path.of(System.getProperty("java.io.tmpdir")));
        this.phases = new BulkLoadPhases(index, System.nanoTime());
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
    private static final class TupleOrder implements java.util.Comparator<StoredTuple> {
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
