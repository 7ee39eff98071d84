package org.spatiallsm.asterixdb.organisation.grid;

import java.io.DataOutput;
import java.io.IOException;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.PermutingTupleReference;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.grid.GridOrganisation;

/**
 * The tuples of an SHB-tree or SIF index behind an R-tree. AsterixDB hands it R-tree tuples ⟨x1, y1, x2, y2, pk...⟩
 * (tagged doubles; a point is x, y, x, y); the LSM B-tree stores one entry per key of the object: ⟨key, x, y, pk...⟩
 * for points, ⟨key, x1, y1, x2, y2, pk...⟩ for MBRs, key being a tagged int64 cell key.
 */
final class GridLayout {

    private static final int RTREE_KEY_FIELDS = OrganisationBTree.RTREE_KEY_FIELDS;

    private final GridOrganisation organisation;
    private final int coordinates;
    private final ArrayTupleBuilder builder;
    private final ArrayTupleReference entry = new ArrayTupleReference();
    private long[] keys = new long[0];

    GridLayout(GridOrganisation organisation, int btreeFieldCount) {
        this.organisation = organisation;
        this.coordinates = coordinates(organisation.kind());
        this.builder = new ArrayTupleBuilder(btreeFieldCount);
    }

    /** Stored coordinates per entry: a point's two or an MBR's four. */
    static int coordinates(GridOrganisation.Kind kind) {
        return kind == GridOrganisation.Kind.SHB_OBJECTS ? 4 : 2;
    }

    /** The R-tree tuple's field count for a B-tree one: the key goes, the point's coordinates appear twice. */
    static int rtreeFieldCount(GridOrganisation.Kind kind, int btreeFieldCount) {
        return btreeFieldCount - 1 - coordinates(kind) + RTREE_KEY_FIELDS;
    }

    GridOrganisation organisation() {
        return organisation;
    }

    /** Computes the keys of an R-tree tuple's object; returns how many entries it has, see {@link #entry}. */
    int entries(ITupleReference rtreeTuple) throws HyracksDataException {
        try {
            keys = organisation.keys(coordinate(rtreeTuple, 0), coordinate(rtreeTuple, 1), coordinate(rtreeTuple, 2),
                    coordinate(rtreeTuple, 3));
        } catch (IllegalArgumentException e) {
            throw HyracksDataException.create(e);
        }
        return keys.length;
    }

    /** The B-tree tuple of the last {@link #entries} call's object under its {@code index}-th key. */
    ITupleReference entry(ITupleReference rtreeTuple, int index) throws HyracksDataException {
        builder.reset();
        try {
            DataOutput out = builder.getDataOutput();
            out.writeByte(ATypeTag.SERIALIZED_INT64_TYPE_TAG);
            out.writeLong(keys[index]);
            builder.addFieldEndOffset();
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
        for (int field = 0; field < coordinates; field++) {
            builder.addField(rtreeTuple, field);
        }
        for (int field = RTREE_KEY_FIELDS; field < rtreeTuple.getFieldCount(); field++) {
            builder.addField(rtreeTuple, field);
        }
        entry.reset(builder.getFieldEndOffsets(), builder.getByteArray());
        return entry;
    }

    /** A view of a B-tree tuple (reset it on one) in R-tree layout. */
    PermutingTupleReference rtreeView(int btreeFieldCount) {
        int[] fields = new int[rtreeFieldCount(organisation.kind(), btreeFieldCount)];
        for (int field = 0; field < RTREE_KEY_FIELDS; field++) {
            fields[field] = 1 + field % coordinates;
        }
        for (int field = RTREE_KEY_FIELDS; field < fields.length; field++) {
            fields[field] = field - RTREE_KEY_FIELDS + 1 + coordinates;
        }
        return new PermutingTupleReference(fields);
    }

    /** Whether a stored entry's point lies in, or its MBR intersects, the query (all closed). */
    boolean matches(ITupleReference btreeTuple, Rect query) {
        double x1 = coordinate(btreeTuple, 1);
        double y1 = coordinate(btreeTuple, 2);
        if (coordinates == 2) {
            return query.minX() <= x1 && x1 <= query.maxX() && query.minY() <= y1 && y1 <= query.maxY();
        }
        return x1 <= query.maxX() && query.minX() <= coordinate(btreeTuple, 3) && y1 <= query.maxY()
                && query.minY() <= coordinate(btreeTuple, 4);
    }

    /** The MBR in fields 0-3 of an R-tree tuple or a search key. */
    static Rect mbr(ITupleReference rtreeTuple) throws HyracksDataException {
        try {
            return new Rect(coordinate(rtreeTuple, 0), coordinate(rtreeTuple, 1), coordinate(rtreeTuple, 2),
                    coordinate(rtreeTuple, 3));
        } catch (IllegalArgumentException e) {
            throw HyracksDataException.create(e);
        }
    }

    private static double coordinate(ITupleReference tuple, int field) {
        return DoublePointable.getDouble(tuple.getFieldData(field), tuple.getFieldStart(field) + 1);
    }
}
