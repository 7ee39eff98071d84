package org.spatiallsm.asterixdb.organisation;

import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.data.std.primitive.DoublePointable;
import org.apache.hyracks.data.std.primitive.FixedLengthTypeTrait;
import org.apache.hyracks.data.std.primitive.LongPointable;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.lsm.common.dataflow.LsmResource;
import org.apache.asterix.common.context.IStorageComponentProvider;
import org.spatiallsm.curves.DhvbValue;
import org.spatiallsm.organisations.HilbertOrganisation;
import org.spatiallsm.storage.IndexOrganisation;

/**
 * The tuple layouts of a Hilbert B-tree (DHB or DHVB) that stands behind an R-tree on points. AsterixDB hands the
 * index, and expects back from it, R-tree tuples: the point's MBR as four tagged doubles (x, y, x, y), then the
 * primary key fields. The LSM B-tree stores the organisation's key fields, then the primary key:
 * <ul>
 * <li>DHVB: ⟨hv, x, y⟩, hv the tagged int64 DHVB value, x and y tagged doubles (AsterixDB's comparators);</li>
 * <li>DHB: ⟨p⟩, the point as one 18-byte field holding x and y as tagged doubles, ordered by
 * {@link DhbPointComparatorFactory} (relative Hilbert order).</li>
 * </ul>
 * Both keep x and y as tagged doubles, so the R-tree layout is a view of the stored bytes ({@link RTreeView}), and a
 * seek to a curve position is a one-field key: a tagged int64 position, which both B-tree orders read as "the first
 * entry of that position's cell".
 */
enum HilbertLayout implements OrganisationStorage {

    DHVB(HilbertOrganisation.DHVB, IndexOrganisation.DHVB, 3, 1, 0, 2, 0) {
        @Override
        void writeKey(ArrayTupleBuilder builder, ITupleReference rtreeTuple, double x, double y)
                throws HyracksDataException {
            if (!DhvbValue.inDomain(x, y)) {
                throw Refusal.of("a DHVB index holds points in [-180, 180] x [-90, 90]; (" + x + ", " + y
                        + ") is outside");
            }
            writePosition(builder, DhvbValue.of(x, y));
            builder.addField(rtreeTuple, 0);
            builder.addField(rtreeTuple, 1);
        }

        @Override
        long position(ITupleReference btreeTuple) {
            return LongPointable.getLong(btreeTuple.getFieldData(0), btreeTuple.getFieldStart(0) + 1);
        }

        @Override
        public List<SortingBulkLoader.NumericKey> numericKeys() {
            return List.of(SortingBulkLoader.NumericKey.INT64, SortingBulkLoader.NumericKey.DOUBLE,
                    SortingBulkLoader.NumericKey.DOUBLE);
        }

        @Override
        public void keyTypes(IStorageComponentProvider storage, ITypeTraits[] traits, IBinaryComparatorFactory[] order)
                throws AlgebricksException {
            traits[0] = storage.getTypeTraitProvider().getTypeTrait(BuiltinType.AINT64);
            order[0] = storage.getComparatorFactoryProvider().getBinaryComparatorFactory(BuiltinType.AINT64, true);
            for (int coordinate = 1; coordinate <= 2; coordinate++) {
                traits[coordinate] = storage.getTypeTraitProvider().getTypeTrait(BuiltinType.ADOUBLE);
                order[coordinate] =
                        storage.getComparatorFactoryProvider().getBinaryComparatorFactory(BuiltinType.ADOUBLE, true);
            }
        }
    },

    DHB(HilbertOrganisation.DHB, IndexOrganisation.DHB, 1, 0, 0, 0, 1 + Double.BYTES) { // y follows x
        @Override
        void writeKey(ArrayTupleBuilder builder, ITupleReference rtreeTuple, double x, double y)
                throws HyracksDataException {
            try {
                DataOutput out = builder.getDataOutput();
                out.write(rtreeTuple.getFieldData(0), rtreeTuple.getFieldStart(0), TAGGED_DOUBLE);
                out.write(rtreeTuple.getFieldData(1), rtreeTuple.getFieldStart(1), TAGGED_DOUBLE);
                builder.addFieldEndOffset();
            } catch (IOException e) {
                throw HyracksDataException.create(e);
            }
        }

        @Override
        long position(ITupleReference btreeTuple) {
            return HilbertOrganisation.DHB.position(x(btreeTuple), y(btreeTuple));
        }

        /** None: the point's field has an order of its own, the relative Hilbert order. */
        @Override
        public List<SortingBulkLoader.NumericKey> numericKeys() {
            return List.of();
        }

        @Override
        public void keyTypes(IStorageComponentProvider storage, ITypeTraits[] traits,
                IBinaryComparatorFactory[] order) {
            traits[0] = new FixedLengthTypeTrait(2 * TAGGED_DOUBLE);
            order[0] = DhbPointComparatorFactory.INSTANCE;
        }
    };

    /** A tagged double: its type tag, then 8 bytes. */
    static final int TAGGED_DOUBLE = 1 + Double.BYTES;
    /** An R-tree tuple of a 2-D point starts with its MBR: x, y, x, y. */
    static final int RTREE_KEY_FIELDS = OrganisationBTree.RTREE_KEY_FIELDS;

    private final HilbertOrganisation organisation;
    private final String kind;
    private final int keyFields;
    private final int xField;
    private final int xOffset;
    private final int yField;
    private final int yOffset;

    HilbertLayout(HilbertOrganisation organisation, String kind, int keyFields, int xField, int xOffset, int yField,
            int yOffset) {
        this.organisation = organisation;
        this.kind = kind;
        this.keyFields = keyFields;
        this.xField = xField;
        this.xOffset = xOffset;
        this.yField = yField;
        this.yOffset = yOffset;
    }

    /** The layout of the organisation {@code kind}; empty for organisations that are no Hilbert B-tree. */
    static Optional<HilbertLayout> of(String kind) {
        return Arrays.stream(values()).filter(layout -> layout.kind.equals(kind)).findFirst();
    }

    HilbertOrganisation organisation() {
        return organisation;
    }

    /** The organisation's name as the index options spell it ({@code dhb}, {@code dhvb}). */
    String kind() {
        return kind;
    }

    /** The B-tree fields before the primary key. */
    @Override
    public int keyFields() {
        return keyFields;
    }

    /** The organisation's key fields of the B-tree tuple (x and y are the R-tree tuple's fields 0 and 1). */
    abstract void writeKey(ArrayTupleBuilder builder, ITupleReference rtreeTuple, double x, double y)
            throws HyracksDataException;

    /** The curve position of a stored entry: what the B-tree order sorts by first. */
    abstract long position(ITupleReference btreeTuple);

    /** Fills in the type traits and the order of the key fields. */
    @Override
    public abstract void keyTypes(IStorageComponentProvider storage, ITypeTraits[] traits,
            IBinaryComparatorFactory[] order) throws AlgebricksException;

    @Override
    public LsmResource resource(OrganisationBTreeResource.Args args) {
        return new HilbertBTreeResource(this, args);
    }

    double x(ITupleReference btreeTuple) {
        return DoublePointable.getDouble(btreeTuple.getFieldData(xField),
                btreeTuple.getFieldStart(xField) + xOffset + 1);
    }

    double y(ITupleReference btreeTuple) {
        return DoublePointable.getDouble(btreeTuple.getFieldData(yField),
                btreeTuple.getFieldStart(yField) + yOffset + 1);
    }

    /** A view of a B-tree tuple (reset it on one) in the R-tree layout: x, y, x, y, pk... */
    RTreeView rtreeView() {
        return new RTreeView(this);
    }

    /** Turns R-tree tuples into B-tree tuples. */
    Translator translator(int btreeFieldCount) {
        return new Translator(this, btreeFieldCount);
    }

    /** A tagged double coordinate field of an R-tree tuple. */
    static double coordinate(ITupleReference rtreeTuple, int field) {
        return DoublePointable.getDouble(rtreeTuple.getFieldData(field), rtreeTuple.getFieldStart(field) + 1);
    }

    /** One tagged int64 field: a curve position (DHVB's stored value; a seek key of either layout). */
    static void writePosition(ArrayTupleBuilder builder, long position) throws HyracksDataException {
        try {
            DataOutput out = builder.getDataOutput();
            out.writeByte(ATypeTag.SERIALIZED_INT64_TYPE_TAG);
            out.writeLong(position);
            builder.addFieldEndOffset();
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
    }

    /** Builds the B-tree tuple of an R-tree tuple; each result is valid until the next call. */
    static final class Translator {
        private final HilbertLayout layout;
        private final ArrayTupleBuilder builder;
        private final ArrayTupleReference btreeTuple = new ArrayTupleReference();

        private Translator(HilbertLayout layout, int btreeFieldCount) {
            this.layout = layout;
            this.builder = new ArrayTupleBuilder(btreeFieldCount);
        }

        ITupleReference toBTree(ITupleReference rtreeTuple) throws HyracksDataException {
            builder.reset();
            layout.writeKey(builder, rtreeTuple, coordinate(rtreeTuple, 0), coordinate(rtreeTuple, 1));
            for (int field = RTREE_KEY_FIELDS; field < rtreeTuple.getFieldCount(); field++) {
                builder.addField(rtreeTuple, field);
            }
            btreeTuple.reset(builder.getFieldEndOffsets(), builder.getByteArray());
            return btreeTuple;
        }
    }

    /** A B-tree tuple seen in R-tree layout, without copying: x and y are slices of the stored key fields. */
    static final class RTreeView implements ITupleReference {
        private final HilbertLayout layout;
        private ITupleReference btreeTuple;

        private RTreeView(HilbertLayout layout) {
            this.layout = layout;
        }

        RTreeView reset(ITupleReference btreeTuple) {
            this.btreeTuple = btreeTuple;
            return this;
        }

        @Override
        public int getFieldCount() {
            return btreeTuple.getFieldCount() - layout.keyFields + RTREE_KEY_FIELDS;
        }

        @Override
        public byte[] getFieldData(int field) {
            return btreeTuple.getFieldData(btreeField(field));
        }

        @Override
        public int getFieldStart(int field) {
            if (field >= RTREE_KEY_FIELDS) {
                return btreeTuple.getFieldStart(btreeField(field));
            }
            boolean isX = field % 2 == 0;
            return btreeTuple.getFieldStart(btreeField(field)) + (isX ? layout.xOffset : layout.yOffset);
        }

        @Override
        public int getFieldLength(int field) {
            return field < RTREE_KEY_FIELDS ? TAGGED_DOUBLE : btreeTuple.getFieldLength(btreeField(field));
        }

        private int btreeField(int field) {
            if (field >= RTREE_KEY_FIELDS) {
                return field - RTREE_KEY_FIELDS + layout.keyFields;
            }
            return field % 2 == 0 ? layout.xField : layout.yField;
        }
    }
}
