package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.storage.common.IIndexBulkLoader;

/**
 * Bulk-loads R-tree tuples of points into the DHVB B-tree: each becomes its ⟨hv, x, y, pk...⟩ entry, and the
 * entries are sorted in the B-tree's order first, since AsterixDB sorts an R-tree's bulk load by the R-tree's curve.
 */
final class DhvbBulkLoader extends SortingBulkLoader {

    DhvbBulkLoader(IIndexBulkLoader btreeLoader, IBinaryComparatorFactory[] comparators, int btreeFieldCount) {
        super(btreeLoader, comparators, dhvbEntries(btreeFieldCount));
    }

    private static EntryFunction dhvbEntries(int btreeFieldCount) {
        DhvbTuples tuples = new DhvbTuples(btreeFieldCount);
        return (rtreeTuple, sink) -> sink.add(tuples.toBTree(rtreeTuple));
    }
}
