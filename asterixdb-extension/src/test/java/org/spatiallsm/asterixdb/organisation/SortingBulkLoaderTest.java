package org.spatiallsm.asterixdb.organisation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.apache.asterix.formats.nontagged.BinaryComparatorFactoryProvider;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.asterix.om.types.IAType;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.accessors.PointableBinaryComparatorFactory;
import org.apache.hyracks.data.std.primitive.LongPointable;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.junit.jupiter.api.Test;
import org.spatiallsm.asterixdb.organisation.SortingBulkLoader.NumericKey;
import org.spatiallsm.asterixdb.organisation.SortingBulkLoader.StoredTuple;

class SortingBulkLoaderTest {

    private static final IBinaryComparatorFactory[] BY_KEY_THEN_VALUE =
            { PointableBinaryComparatorFactory.of(LongPointable.FACTORY),
                    PointableBinaryComparatorFactory.of(LongPointable.FACTORY) };

    /** An SHB or SIF entry on points as the B-tree orders it: ⟨cell key, x, y, pk⟩, AsterixDB's comparators. */
    private static final IBinaryComparatorFactory[] GRID_POINT_ORDER =
            { asterixOrder(BuiltinType.AINT64), asterixOrder(BuiltinType.ADOUBLE), asterixOrder(BuiltinType.ADOUBLE),
                asterixOrder(BuiltinType.AINT64) };
    private static final List<NumericKey> GRID_POINT_KEYS =
            List.of(NumericKey.INT64, NumericKey.DOUBLE, NumericKey.DOUBLE);

    private static IBinaryComparatorFactory asterixOrder(IAType type) {
        return BinaryComparatorFactoryProvider.INSTANCE.getBinaryComparatorFactory(type, true);
    }

    /** Records what reaches the B-tree, and whether it was ended or aborted. */
    private static class RecordingLoader extends CountingBulkLoader {
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

    /** Records the bytes of every entry that reaches the B-tree. */
    private static final class EntryRecorder extends RecordingLoader {
        final List<StoredTuple> entries = new ArrayList<>();

        @Override
        public void add(ITupleReference tuple) {
            entries.add(StoredTuple.copyOf(tuple));
        }
    }

    /** A grid point entry ⟨cell key, x, y, pk⟩ in tagged fields, as GridLayout writes it. */
    private static ITupleReference gridEntry(long key, double x, double y, long pk) throws HyracksDataException {
        ArrayTupleBuilder builder = new ArrayTupleBuilder(4);
        try {
            builder.getDataOutput().writeByte(ATypeTag.SERIALIZED_INT64_TYPE_TAG);
            builder.getDataOutput().writeLong(key);
            builder.addFieldEndOffset();
            for (double coordinate : new double[] { x, y }) {
                builder.getDataOutput().writeByte(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG);
                builder.getDataOutput().writeDouble(coordinate);
                builder.addFieldEndOffset();
            }
            builder.getDataOutput().writeByte(ATypeTag.SERIALIZED_INT64_TYPE_TAG);
            builder.getDataOutput().writeLong(pk);
            builder.addFieldEndOffset();
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
        ArrayTupleReference reference = new ArrayTupleReference();
        reference.reset(builder.getFieldEndOffsets(), builder.getByteArray());
        return reference;
    }

    /** Coordinates drawn from a few values around zero, negative ones, both zeros and NaN: ties everywhere. */
    private static final double[] FEW_COORDINATES = { -180, -90.5, -1e-9, -0.0, 0.0, 1e-9, 45.25, 180, Double.NaN };

    /**
     * Entries with keys and coordinates from {@code range} values each (range 0: coordinates from
     * {@link #FEW_COORDINATES}, keys from -2 to 2), every fifth one a duplicate of an earlier entry.
     */
    private static List<ITupleReference> gridEntries(int count, int range, long seed) throws HyracksDataException {
        Random random = new Random(seed);
        List<ITupleReference> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (i % 5 == 4) {
                entries.add(entries.get(random.nextInt(i)));
                continue;
            }
            long key = range == 0 ? random.nextInt(5) - 2 : random.nextLong() % range;
            double x = range == 0 ? FEW_COORDINATES[random.nextInt(FEW_COORDINATES.length)]
                    : random.nextInt(range) * 360.0 / range - 180;
            double y = range == 0 ? FEW_COORDINATES[random.nextInt(FEW_COORDINATES.length)]
                    : random.nextDouble() * 180 - 90;
            entries.add(gridEntry(key, x, y, random.nextInt(Math.max(range, 3))));
        }
        return entries;
    }

    private static List<StoredTuple> sortedBy(List<ITupleReference> entries, Comparator<StoredTuple> order) {
        List<StoredTuple> sorted = new ArrayList<>(entries.stream().map(StoredTuple::copyOf).toList());
        sorted.sort(order);
        return sorted;
    }

    @Test
    void numericKeysSortEntriesExactlyAsTheBtreeComparators() throws Exception {
        Comparator<StoredTuple> btreeOrder = SortingBulkLoader.tupleOrder(GRID_POINT_ORDER);
        for (int range : new int[] { 0, 2, 10, 1 << 20 }) {
            List<ITupleReference> entries = gridEntries(3000, range, range);
            List<StoredTuple> expected = sortedBy(entries, btreeOrder);
            for (List<NumericKey> keys : List.of(GRID_POINT_KEYS, List.of(NumericKey.INT64))) {
                List<StoredTuple> sorted = new ArrayList<>(entries.stream().map(StoredTuple::copyOf).toList());
                SortingBulkLoader.numericKeyOrder(keys, btreeOrder).sort(sorted);
                assertThat(sorted).as("range %d, keys %s", range, keys).isEqualTo(expected);
            }
        }
    }

    @Test
    void numericKeysLoadTheSameBtreeAcrossSpilledRuns() throws Exception {
        List<ITupleReference> inputs = gridEntries(20_000, 0, 17);
        List<List<StoredTuple>> loads = new ArrayList<>();
        for (List<NumericKey> keys : List.of(GRID_POINT_KEYS, List.<NumericKey> of())) {
            EntryRecorder btree = new EntryRecorder();
            // Each input becomes two entries, as a SIF point becomes one per level; 64 KB hold about 560 of them.
            SortingBulkLoader loader = new SortingBulkLoader(btree, GRID_POINT_ORDER, keys, (input, sink) -> {
                sink.add(input);
                sink.add(gridEntry(longField(input, 0) + 100, doubleField(input, 1), doubleField(input, 2),
                        longField(input, 3)));
            }, "test partition", 64 << 10);
            for (ITupleReference input : inputs) {
                loader.add(input);
            }
            assertThat(loader.spilledRuns()).as("runs spilled with keys %s", keys).isGreaterThan(50);
            loader.end();
            assertThat(btree.ended).isTrue();
            loads.add(btree.entries);
        }

        assertThat(loads.get(0)).hasSize(2 * inputs.size()).isEqualTo(loads.get(1));
        List<StoredTuple> twice = new ArrayList<>(inputs.stream().map(StoredTuple::copyOf).toList());
        for (ITupleReference input : inputs) {
            twice.add(StoredTuple.copyOf(gridEntry(longField(input, 0) + 100, doubleField(input, 1),
                    doubleField(input, 2), longField(input, 3))));
        }
        twice.sort(SortingBulkLoader.tupleOrder(GRID_POINT_ORDER));
        assertThat(loads.get(0)).isEqualTo(twice);
    }

    @Test
    void aKeyOfAnotherTypeIsAClearError() throws Exception {
        EntryRecorder btree = new EntryRecorder();
        SortingBulkLoader loader = new SortingBulkLoader(btree, GRID_POINT_ORDER,
                List.of(NumericKey.INT64, NumericKey.INT64), (input, sink) -> sink.add(input), "test partition");
        loader.add(gridEntry(1, 2, 3, 4));
        loader.add(gridEntry(1, 5, 6, 7));

        assertThatThrownBy(loader::end).hasMessageContaining("entry field 1 is no INT64 but has type tag "
                + ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG);
    }

    private static long longField(ITupleReference tuple, int field) {
        return LongPointable.getLong(tuple.getFieldData(field), tuple.getFieldStart(field) + 1);
    }

    private static double doubleField(ITupleReference tuple, int field) {
        return Double.longBitsToDouble(longField(tuple, field));
    }
}
