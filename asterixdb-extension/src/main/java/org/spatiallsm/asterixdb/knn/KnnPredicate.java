package org.spatiallsm.asterixdb.knn;

import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.common.ISearchPredicate;
import org.apache.hyracks.storage.common.MultiComparator;

/**
 * A kNN search of an LSM R-tree: the {@code wanted} entries nearest to ({@code x}, {@code y}), ties with the last
 * included. It has no key: the LSM harness enters every component for it, and no window prunes them.
 */
public record KnnPredicate(double x, double y, int wanted) implements ISearchPredicate {

    @Override
    public MultiComparator getLowKeyComparator() {
        return null;
    }

    @Override
    public MultiComparator getHighKeyComparator() {
        return null;
    }

    @Override
    public ITupleReference getLowKey() {
        return null;
    }
}
