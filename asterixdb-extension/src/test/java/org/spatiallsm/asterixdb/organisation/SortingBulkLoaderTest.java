package org.spatiallsm.asterixdb.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.accessors.PointableBinaryComparatorFactory;
import org.apache.hyracks.data.std.primitive.LongPointable;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.common.IIndexBulkLoader;
import org.apache.hyracks.storage.common.buffercache.ICachedPage;
import org.junit.jupiter.api.Test;

class SortingBulkLoaderTest {

    private static final IBinaryComparatorFactory[] BY_KEY_THEN_VALUE =
            { PointableBinaryComparatorFactory.of(LongPointable.FACTORY),
                    PointableBinaryComparatorFactory.of(LongPointable.FACTORY) };

    /** Records what reaches the B-tree, and checks it arrives in strictly increasing order. */
    private static final class RecordingLoader implements IIndexBulkLoader {
        final List<long[]> added = new ArrayList<>();
        boolean ended;
        boolean aborted;

        @Override
        public void add(ITupleReference tuple) {
            added.add(new long[] { field(tuple, 0), field(tuple, 1) });
        }

        @Override
        public void end() {
            ended = true;
        }

        @Override
        public void abort() {
            aborted = true;
        }

        @Override
        public void force() {
        }

        @Override
        public void writeFailed(ICachedPage page, Throwable failure) {
        }

        @Override
        public boolean hasFailed() {
            return false;
        }

        @Override
        public Throwable getFailure() {
            return null;
        }
    }

    private static long field(ITupleReference tuple, int field) {
        return LongPointable.getLong(tuple.getFieldData(field), tuple.getFieldStart(field));
    }

    private static ITupleReference tuple(long... values) throws HyracksDataException {
        ArrayTupleBuilder builder = new ArrayTupleBuilder(values.length);
        try {
            for (long value : values) {
                builder.getDataOutput().writeLong(value);
                builder.addFieldEndOffset();
            }
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
        ArrayTupleReference reference = new ArrayTupleReference();
        reference.reset(builder.getFieldEndOffsets(), builder.getByteArray());
        return reference;
    }

    @Test
    void entriesOfEveryInputReachTheBtreeSortedAcrossSpilledRuns() throws Exception {
        RecordingLoader btree = new RecordingLoader();
        // Each input (k, v) is stored twice, as (k, v) and (k + 1000000, v): an object with two cells.
        SortingBulkLoader loader = new SortingBulkLoader(btree, BY_KEY_THEN_VALUE, (input, sink) -> {
            sink.add(tuple(field(input, 0), field(input, 1)));
            sink.add(tuple(field(input, 0) + 1_000_000, field(input, 1)));
        }, "test partition");
        Random random = new Random(5);
        int inputs = 250_000; // 500,000 entries of 88 bytes as the sort counts them: more than the 32 MB budget
        for (int value = 0; value < inputs; value++) {
            loader.add(tuple(random.nextInt(1000), value));
        }
        loader.end();

        assertThat(btree.ended).isTrue();
        assertThat(btree.added).hasSize(2 * inputs);
        for (int i = 1; i < btree.added.size(); i++) {
            long[] previous = btree.added.get(i - 1);
            long[] current = btree.added.get(i);
            assertThat(previous[0] < current[0] || (previous[0] == current[0] && previous[1] < current[1]))
                    .as("entry %d after %d", i, i - 1).isTrue();
        }
    }

    @Test
    void abortReachesTheBtree() throws Exception {
        RecordingLoader btree = new RecordingLoader();
        SortingBulkLoader loader = new SortingBulkLoader(btree, BY_KEY_THEN_VALUE, (input, sink) -> sink.add(input),
                "test partition");
        loader.add(tuple(1, 2));
        loader.abort();

        assertThat(btree.aborted).isTrue();
        assertThat(btree.added).isEmpty();
    }
}
