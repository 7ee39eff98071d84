package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.storage.common.IIndexBulkLoader;

/**
 * Bulk-loads R-tree tuples of points into a Hilbert B-tree (DHB or DHVB): each becomes its entry in the
 * organisation's layout, and the entries are sorted in the B-tree's order first, since AsterixDB sorts an R-tree's
 * bulk load by the R-tree's curve.
 */
final class HilbertBulkLoader extends SortingBulkLoader {

    HilbertBulkLoader(IIndexBulkLoader btreeLoader, HilbertLayout layout, IBinaryComparatorFactory[] comparators,
            int btreeFieldCount, String index) {
        super(btreeLoader, comparators, layout.numericKeys(), entries(layout, btreeFieldCount), index);
    }

    static EntryFunction entries(HilbertLayout layout, int btreeFieldCount) {
        HilbertLayout.Translator tuples = layout.translator(btreeFieldCount);
        return (rtreeTuple, sink) -> sink.add(tuples.toBTree(rtreeTuple));
    }
}
