package org.spatiallsm.asterixdb.knn;

import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.common.IIndexCursor;
import org.spatiallsm.asterixdb.organisation.EveryEntryPredicate;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.partitioning.knn.BestFirstKnn.Hit;
import org.spatiallsm.partitioning.knn.ExpandingWindowKnn;

/**
 * The kNN search of one partition of an index organisation on points (DHB, DHVB, the SHB-tree, SIF):
 * {@link ExpandingWindowKnn} over the organisation's own R-tree window search, the one its accessor answers for
 * AsterixDB's window queries (Hilbert ranges through the skip-scan, or the grid's cell ranges and tokens). That search
 * reads every LSM component and returns only live entries, which is what the expansion's exactness rests on; each
 * window is one such search, so, as for a window query, a flush or merge between two windows is seen by the later one.
 * The organisation's search counters count each window as a search.
 * <p>
 * The first window is sized from the entries the partition's disk components hold, estimated from their bytes (the
 * components carry no entry count: an organisation's B-trees have no Bloom filter); memory components are left out,
 * so a partition still all in memory starts at the least first window. The estimate sizes windows, never the answer.
 */
final class OrganisationKnn {

    /**
     * About the bytes one point entry takes in a disk component: a tagged int64 key (Hilbert value or cell), two
     * tagged doubles, a tagged int64 primary key, the tuple's flags and its slot on the page.
     */
    static final int ENTRY_BYTES = 41;

    private OrganisationKnn() {
    }

    /** The {@code wanted} entries nearest to ({@code x}, {@code y}) and those tied with the last, nearest first. */
    static List<ITupleReference> nearest(OrganisationBTree index, double x, double y, int wanted)
            throws HyracksDataException {
        if (!index.holdsPoints()) {
            throw HyracksDataException.create(new IllegalStateException(
                    "a kNN search of an index organisation needs points, and this index holds rectangles"));
        }
        ILSMIndexAccessor accessor = index.createAccessor(NoOpIndexAccessParameters.INSTANCE);
        IIndexCursor cursor = accessor.createSearchCursor(false);
        ArrayTupleBuilder copier = new ArrayTupleBuilder(index.getFieldCount());
        try {
            ExpandingWindowKnn.Windows<EntryKey> windows = (window, sink) -> {
                accessor.search(cursor, window.equals(ExpandingWindowKnn.WHOLE_PLANE)
                        ? new EveryEntryPredicate(windowKey(window)) : new SearchPredicate(windowKey(window), null));
                try {
                    while (cursor.hasNext()) {
                        cursor.next();
                        ITupleReference entry = cursor.getTuple();
                        sink.entry(coordinate(entry, 0), coordinate(entry, 1), EntryKey.copy(entry, copier));
                    }
                } finally {
                    cursor.close();
                }
            };
            List<ITupleReference> answer = new ArrayList<>();
            for (Hit<EntryKey> hit : ExpandingWindowKnn.nearest(windows, index.space(), diskEntries(index), x, y,
                    wanted).hits()) {
                ArrayTupleReference tuple = new ArrayTupleReference();
                tuple.reset(hit.key().fieldEnds(), hit.key().bytes());
                answer.add(tuple);
            }
            return answer;
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        } finally {
            try {
                cursor.destroy();
            } finally {
                accessor.destroy();
            }
        }
    }

    /** The entries of the partition's disk components, estimated from their bytes; 0 with none. */
    private static long diskEntries(OrganisationBTree index) {
        long bytes = 0;
        for (ILSMDiskComponent component : List.copyOf(index.getDiskComponents())) {
            bytes += component.getComponentSize();
        }
        return bytes / ENTRY_BYTES;
    }

    /** An R-tree search key: the window's corners as four tagged doubles. */
    private static ITupleReference windowKey(Rect window) throws HyracksDataException {
        ArrayTupleBuilder key = new ArrayTupleBuilder(OrganisationBTree.RTREE_KEY_FIELDS);
        DataOutput out = key.getDataOutput();
        try {
            for (double corner : new double[] { window.minX(), window.minY(), window.maxX(), window.maxY() }) {
                out.writeByte(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG);
                out.writeDouble(corner);
                key.addFieldEndOffset();
            }
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
        ArrayTupleReference tuple = new ArrayTupleReference();
        tuple.reset(key.getFieldEndOffsets(), key.getByteArray());
        return tuple;
    }

    private static double coordinate(ITupleReference tuple, int field) {
        return DoublePointable.getDouble(tuple.getFieldData(field), tuple.getFieldStart(field) + 1);
    }
}
