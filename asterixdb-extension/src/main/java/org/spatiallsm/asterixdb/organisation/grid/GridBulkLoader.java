package org.spatiallsm.asterixdb.organisation.grid;

import java.util.ArrayList;
import java.util.List;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.dataflow.common.utils.TupleUtils;
import org.apache.hyracks.storage.common.IIndexBulkLoader;
import org.apache.hyracks.storage.common.MultiComparator;
import org.apache.hyracks.storage.common.buffercache.ICachedPage;

/**
 * Bulk-loads R-tree tuples (CREATE INDEX on a loaded dataset) into the B-tree, which needs its entries in key
 * order while AsterixDB sorts an R-tree's input by its own curve: the entries are collected in memory and sorted
 * when the input ends. Memory grows with the dataset's entries; fine for building an index of a test-sized or
 * bench-sized partition, not for one that does not fit the NC's heap.
 */
final class GridBulkLoader implements IIndexBulkLoader {

    private final IIndexBulkLoader btreeLoader;
    private final GridLayout layout;
    private final MultiComparator order;
    private final List<ArrayTupleReference> entries = new ArrayList<>();

    GridBulkLoader(IIndexBulkLoader btreeLoader, GridLayout layout, IBinaryComparatorFactory[] comparators) {
        this.btreeLoader = btreeLoader;
        this.layout = layout;
        this.order = MultiComparator.create(comparators);
    }

    @Override
    public void add(ITupleReference rtreeTuple) throws HyracksDataException {
        int count = layout.entries(rtreeTuple);
        for (int entry = 0; entry < count; entry++) {
            ITupleReference btreeTuple = layout.entry(rtreeTuple, entry);
            ArrayTupleBuilder copy = new ArrayTupleBuilder(btreeTuple.getFieldCount());
            TupleUtils.copyTuple(copy, btreeTuple, btreeTuple.getFieldCount());
            ArrayTupleReference stored = new ArrayTupleReference();
            stored.reset(copy.getFieldEndOffsets(), copy.getByteArray());
            entries.add(stored);
        }
    }

    @Override
    public void end() throws HyracksDataException {
        try {
            entries.sort((a, b) -> {
                try {
                    return order.compare(a, b);
                } catch (HyracksDataException e) {
                    throw new IllegalStateException(e);
                }
            });
        } catch (IllegalStateException e) {
            throw HyracksDataException.create(e.getCause());
        }
        for (ArrayTupleReference entry : entries) {
            btreeLoader.add(entry);
        }
        entries.clear();
        btreeLoader.end();
    }

    @Override
    public void abort() throws HyracksDataException {
        entries.clear();
        btreeLoader.abort();
    }

    @Override
    public void force() throws HyracksDataException {
        btreeLoader.force();
    }

    @Override
    public void writeFailed(ICachedPage page, Throwable failure) {
        btreeLoader.writeFailed(page, failure);
    }

    @Override
    public boolean hasFailed() {
        return btreeLoader.hasFailed();
    }

    @Override
    public Throwable getFailure() {
        return btreeLoader.getFailure();
    }
}
