package org.spatiallsm.asterixdb.organisation;

import java.util.Locale;

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
 * Bulk-loads R-tree tuples into the B-tree. The B-tree needs its input in key order, while AsterixDB sorts an R-tree's
 * bulk load by the R-tree's own curve and not by primary key; an input out of B-tree order is refused with a clear
 * error rather than stored as a corrupt tree.
 */
final class HilbertBulkLoader implements IIndexBulkLoader {

    private final IIndexBulkLoader btreeLoader;
    private final HilbertLayout layout;
    private final HilbertLayout.Translator tuples;
    private final MultiComparator order;
    private final ArrayTupleBuilder previous;
    private final ArrayTupleReference previousTuple = new ArrayTupleReference();
    private boolean any;

    HilbertBulkLoader(IIndexBulkLoader btreeLoader, HilbertLayout layout, IBinaryComparatorFactory[] comparators,
            int btreeFieldCount) {
        this.btreeLoader = btreeLoader;
        this.layout = layout;
        this.tuples = layout.translator(btreeFieldCount);
        this.order = MultiComparator.create(comparators);
        this.previous = new ArrayTupleBuilder(btreeFieldCount);
    }

    @Override
    public void add(ITupleReference rtreeTuple) throws HyracksDataException {
        ITupleReference btreeTuple = tuples.toBTree(rtreeTuple);
        if (any && order.compare(previousTuple, btreeTuple) >= 0) {
            throw Refusal.of("a " + layout.kind().toUpperCase(Locale.ROOT) + " index can be built only by inserts "
                    + "for now (CREATE INDEX on existing records and LOAD DATASET are not supported yet): its bulk "
                    + "load received entries out of Hilbert order");
        }
        TupleUtils.copyTuple(previous, btreeTuple, btreeTuple.getFieldCount());
        previousTuple.reset(previous.getFieldEndOffsets(), previous.getByteArray());
        any = true;
        btreeLoader.add(btreeTuple);
    }

    @Override
    public void end() throws HyracksDataException {
        btreeLoader.end();
    }

    @Override
    public void abort() throws HyracksDataException {
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
