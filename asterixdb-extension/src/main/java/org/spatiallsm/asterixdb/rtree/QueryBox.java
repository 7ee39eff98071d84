package org.spatiallsm.asterixdb.rtree;

import org.apache.hyracks.api.dataflow.value.IBinaryComparator;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.common.MultiComparator;

/**
 * A search's query box as the R-tree frames test entries against it: read once when a frame is set on a page, then
 * every entry of the page is tested against the kept doubles. Reading the query key per entry went through the join's
 * input frame (field slots and offsets) four times per entry, which cost more than the test itself
 * (docs/index-organisations.md). A query or an entry that is not all doubles is tested through the index's
 * comparator, as the stock frames do.
 */
final class QueryBox {

    private double[] low = new double[0];
    private double[] high = new double[0];
    private boolean doubles;

    /** Reads the query's box (fields 0 .. d-1 its low corner, d .. 2d-1 its high corner). */
    void read(ITupleReference query, int dimensions) {
        if (low.length != dimensions) {
            low = new double[dimensions];
            high = new double[dimensions];
        }
        doubles = DoubleKeys.readBox(query, dimensions, low, high);
    }

    /** Whether the last query read is all doubles: then {@link #low()} and {@link #high()} are its box. */
    boolean doubles() {
        return doubles;
    }

    double[] low() {
        return low;
    }

    double[] high() {
        return high;
    }

    /**
     * The stock test of {@code entry} against {@code query}, the last query read: query low <= entry high and query
     * high >= entry low on every axis.
     */
    boolean meets(ITupleReference query, ITupleReference entry, MultiComparator cmp) throws HyracksDataException {
        if (doubles) {
            int verdict = DoubleKeys.meets(entry, low, high);
            if (verdict != DoubleKeys.NOT_DOUBLES) {
                return verdict == DoubleKeys.MEETS;
            }
        }
        int dimensions = cmp.getKeyFieldCount() / 2;
        IBinaryComparator[] comparators = cmp.getComparators();
        for (int lowField = 0; lowField < dimensions; lowField++) {
            int highField = dimensions + lowField;
            if (DoubleKeys.compare(comparators[lowField], query, lowField, entry, highField) > 0
                    || DoubleKeys.compare(comparators[lowField], query, highField, entry, lowField) < 0) {
                return false;
            }
        }
        return true;
    }
}
