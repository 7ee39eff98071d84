package org.spatiallsm.asterixdb.organisation.grid;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataOutput;
import java.io.IOException;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.data.std.primitive.LongPointable;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.PermutingTupleReference;
import org.junit.jupiter.api.Test;
import org.spatiallsm.geometry.Rect;
import org.spatiallsm.organisations.grid.GridOrganisation;
import org.spatiallsm.organisations.grid.GridOrganisation.Kind;
import org.spatiallsm.organisations.grid.GridParameters;

/** The translation between R-tree tuples ⟨x1, y1, x2, y2, pk⟩ and grid entries, both ways, and refinement. */
class GridLayoutTest {

    @Test
    void aPointHasOneEntryPerSifTokenAndReadsBackInRTreeLayout() throws Exception {
        GridOrganisation sif = new GridOrganisation(Kind.SIF, GridParameters.DEFAULTS);
        GridLayout layout = new GridLayout(sif, 4);
        ITupleReference point = rtreeTuple(12.5, -33.75, 12.5, -33.75, 42);
        assertThat(layout.entries(point)).isEqualTo(6);
        long[] tokens = sif.keys(Rect.point(12.5, -33.75));
        PermutingTupleReference view = layout.rtreeView(4);
        for (int i = 0; i < 6; i++) {
            ITupleReference entry = copy(layout.entry(point, i));
            assertThat(entry.getFieldCount()).isEqualTo(4);
            assertThat(LongPointable.getLong(entry.getFieldData(0), entry.getFieldStart(0) + 1)).isEqualTo(tokens[i]);
            view.reset(entry);
            assertThat(fields(view)).containsExactly(12.5, -33.75, 12.5, -33.75, 42.0);
        }
        ITupleReference entry = copy(layout.entry(point, 0));
        assertThat(layout.matches(entry, new Rect(12.5, -40, 20, -33.75))).isTrue();
        assertThat(layout.matches(entry, new Rect(12.6, -40, 20, -30))).isFalse();
        assertThat(GridLayout.rtreeFieldCount(Kind.SIF, 4)).isEqualTo(5);
    }

    @Test
    void aRectangleHasOneEntryPerCellWithItsMbr() throws Exception {
        GridOrganisation shb = new GridOrganisation(Kind.SHB_OBJECTS, GridParameters.DEFAULTS);
        GridLayout layout = new GridLayout(shb, 6);
        ITupleReference rect = rtreeTuple(-10, -10, 10, 10, 7);
        assertThat(layout.entries(rect)).isEqualTo(shb.keys(new Rect(-10, -10, 10, 10)).length).isGreaterThan(1);
        ITupleReference entry = copy(layout.entry(rect, 1));
        assertThat(entry.getFieldCount()).isEqualTo(6);
        PermutingTupleReference view = layout.rtreeView(6);
        view.reset(entry);
        assertThat(fields(view)).containsExactly(-10.0, -10.0, 10.0, 10.0, 7.0);
        assertThat(layout.matches(entry, new Rect(10, 10, 11, 11))).isTrue();
        assertThat(layout.matches(entry, new Rect(10.5, -20, 11, 20))).isFalse();
        assertThat(GridLayout.rtreeFieldCount(Kind.SHB_OBJECTS, 6)).isEqualTo(5);
    }

    /** Tagged doubles, then a tagged int64 primary key. */
    private static ITupleReference rtreeTuple(double x1, double y1, double x2, double y2, long pk)
            throws IOException {
        ArrayTupleBuilder builder = new ArrayTupleBuilder(5);
        DataOutput out = builder.getDataOutput();
        for (double value : new double[] { x1, y1, x2, y2 }) {
            out.writeByte(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG);
            out.writeDouble(value);
            builder.addFieldEndOffset();
        }
        out.writeByte(ATypeTag.SERIALIZED_INT64_TYPE_TAG);
        out.writeLong(pk);
        builder.addFieldEndOffset();
        ArrayTupleReference tuple = new ArrayTupleReference();
        tuple.reset(builder.getFieldEndOffsets(), builder.getByteArray());
        return tuple;
    }

    private static ITupleReference copy(ITupleReference tuple) throws Exception {
        ArrayTupleBuilder builder = new ArrayTupleBuilder(tuple.getFieldCount());
        for (int field = 0; field < tuple.getFieldCount(); field++) {
            builder.addField(tuple, field);
        }
        ArrayTupleReference copy = new ArrayTupleReference();
        copy.reset(builder.getFieldEndOffsets(), builder.getByteArray());
        return copy;
    }

    /** The four coordinates and the pk (as a double) of an R-tree tuple. */
    private static double[] fields(ITupleReference tuple) {
        double[] values = new double[5];
        for (int field = 0; field < 4; field++) {
            values[field] = DoublePointable.getDouble(tuple.getFieldData(field), tuple.getFieldStart(field) + 1);
        }
        values[4] = LongPointable.getLong(tuple.getFieldData(4), tuple.getFieldStart(4) + 1);
        return values;
    }
}
