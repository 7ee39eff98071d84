package org.spatiallsm.asterixdb.knn;

import java.io.Serializable;
import java.nio.ByteBuffer;

import org.apache.asterix.dataflow.data.nontagged.Coordinate;
import org.apache.asterix.dataflow.data.nontagged.serde.ADoubleSerializerDeserializer;
import org.apache.asterix.dataflow.data.nontagged.serde.APointSerializerDeserializer;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.api.comm.VSizeFrame;
import org.apache.hyracks.api.context.IHyracksTaskContext;
import org.apache.hyracks.api.dataflow.IOperatorNodePushable;
import org.apache.hyracks.api.dataflow.value.IRecordDescriptorProvider;
import org.apache.hyracks.api.dataflow.value.RecordDescriptor;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.job.IOperatorDescriptorRegistry;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.FrameTupleAccessor;
import org.apache.hyracks.dataflow.common.comm.io.FrameTupleAppender;
import org.apache.hyracks.dataflow.common.comm.util.FrameUtils;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.dataflow.std.base.AbstractSingleActivityOperatorDescriptor;
import org.apache.hyracks.dataflow.std.base.AbstractUnaryInputUnaryOutputOperatorNodePushable;
import org.apache.hyracks.storage.am.common.api.IIndexDataflowHelper;
import org.apache.hyracks.storage.am.common.api.ITupleFilterFactory;
import org.apache.hyracks.storage.am.common.dataflow.IIndexDataflowHelperFactory;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexAccessor;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntiMatterTuples;
import org.apache.hyracks.storage.common.IIndex;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;

/**
 * The kNN search of one partition of a spatial index: for each input tuple, the index's {@code wanted} entries
 * nearest to a point, ties with the last included (see {@link KnnCursor}), each output as the input's fields followed
 * by the entry's (its MBR's fields, then its primary key). The index is opened through its data-flow helper, like
 * the stock index searches open theirs; an index organisation behind the R-tree is searched by {@link OrganisationKnn}.
 * With a condition (the query's WHERE; only on an R-tree, see {@code KnnIndexRule}), the search counts only entries
 * whose record passes it, looked up in the primary index as the search reaches them ({@link PrimaryLookup}), and
 * outputs the record after the entry. In a kNN join, each input tuple carries its own query point.
 */
public final class KnnSearchOperatorDescriptor extends AbstractSingleActivityOperatorDescriptor {

    private static final long serialVersionUID = 1L;

    private final IIndexDataflowHelperFactory indexHelperFactory;
    private final QueryPoint point;
    private final int wanted;
    private final Condition condition;

    /** The constant query point {@code x, y}, or each input tuple's field {@code field} (a point) if not negative. */
    record QueryPoint(double x, double y, int field) implements Serializable {
    }

    /**
     * A WHERE evaluated in the search: over the output tuple (the entry, then the record) of an input without fields.
     *
     * @param primaryHelperFactory opens the dataset's primary index
     * @param keyFields            the primary key's fields
     */
    record Condition(IIndexDataflowHelperFactory primaryHelperFactory, int keyFields, ITupleFilterFactory filter)
            implements Serializable {
    }

    /** @param condition the query's WHERE, or null */
    @SuppressWarnings("squid:S00107") // the search's parameters, each needed
    public KnnSearchOperatorDescriptor(IOperatorDescriptorRegistry spec, RecordDescriptor outputRecord,
            IIndexDataflowHelperFactory indexHelperFactory, QueryPoint point, int wanted, Condition condition) {
        super(spec, 1, 1);
        outRecDescs[0] = outputRecord;
        this.indexHelperFactory = indexHelperFactory;
        this.point = point;
        this.wanted = wanted;
        this.condition = condition;
    }

    @Override
    public IOperatorNodePushable createPushRuntime(IHyracksTaskContext ctx, IRecordDescriptorProvider records,
            int partition, int nPartitions) throws HyracksDataException {
        RecordDescriptor input = records.getInputRecordDescriptor(getActivityId(), 0);
        IIndexDataflowHelper helper = indexHelperFactory.create(ctx.getJobletContext().getServiceContext(),
                partition);
        IIndexDataflowHelper primaryHelper = condition == null ? null
                : condition.primaryHelperFactory().create(ctx.getJobletContext().getServiceContext(), partition);
        return new Search(ctx, input, helper, primaryHelper);
    }

    private final class Search extends AbstractUnaryInputUnaryOutputOperatorNodePushable {
        private final IHyracksTaskContext ctx;
        private final FrameTupleAccessor inputTuples;
        private final IIndexDataflowHelper helper;
        private final IIndexDataflowHelper primaryHelper;
        private FrameTupleAppender appender;
        private ArrayTupleBuilder output;
        private LSMRTreeWithAntiMatterTuples index;
        private OrganisationBTree organisation;
        private boolean indexOpen;
        private boolean primaryOpen;
        private PrimaryLookup lookup;

        Search(IHyracksTaskContext ctx, RecordDescriptor input, IIndexDataflowHelper helper,
                IIndexDataflowHelper primaryHelper) {
            this.ctx = ctx;
            this.inputTuples = new FrameTupleAccessor(input);
            this.helper = helper;
            this.primaryHelper = primaryHelper;
        }

        @Override
        public void open() throws HyracksDataException {
            writer.open();
            helper.open();
            indexOpen = true;
            IIndex opened = helper.getIndexInstance();
            if (opened instanceof OrganisationBTree organisationBTree) {
                organisation = organisationBTree;
            } else if (opened instanceof LSMRTreeWithAntiMatterTuples rtree) {
                index = rtree;
            } else {
                throw HyracksDataException.create(new IllegalStateException("a kNN search needs an LSM R-tree with "
                        + "anti-matter or an index organisation, and this index is a "
                        + opened.getClass().getSimpleName()));
            }
            if (primaryHelper != null) {
                primaryHelper.open();
                primaryOpen = true;
                lookup = new PrimaryLookup(primaryHelper.getIndexInstance(), condition.keyFields(),
                        condition.filter().createTupleFilter(ctx));
            }
            appender = new FrameTupleAppender(new VSizeFrame(ctx), true);
            output = new ArrayTupleBuilder(outRecDescs[0].getFieldCount());
        }

        @Override
        public void nextFrame(ByteBuffer buffer) throws HyracksDataException {
            inputTuples.reset(buffer);
            for (int t = 0; t < inputTuples.getTupleCount(); t++) {
                search(t);
            }
        }

        private void search(int inputTuple) throws HyracksDataException {
            double x = point.x();
            double y = point.y();
            if (point.field() >= 0) {
                byte[] bytes = inputTuples.getBuffer().array();
                int start = inputTuples.getAbsoluteFieldStartOffset(inputTuple, point.field());
                if (bytes[start] != ATypeTag.SERIALIZED_POINT_TYPE_TAG) {
                    throw HyracksDataException.create(new IllegalStateException("a kNN join's query point is a "
                            + ATypeTag.VALUE_TYPE_MAPPING[bytes[start]] + ", not a point"));
                }
                x = ADoubleSerializerDeserializer.getDouble(bytes,
                        start + 1 + APointSerializerDeserializer.getCoordinateOffset(Coordinate.X));
                y = ADoubleSerializerDeserializer.getDouble(bytes,
                        start + 1 + APointSerializerDeserializer.getCoordinateOffset(Coordinate.Y));
            }
            if (organisation != null) { // the rule gives an organisation no WHERE, so no lookup
                for (ITupleReference entry : OrganisationKnn.nearest(organisation, x, y, wanted)) {
                    append(inputTuple, entry, null);
                }
                return;
            }
            ILSMIndexAccessor accessor = index.createAccessor(NoOpIndexAccessParameters.INSTANCE);
            int entryFields = outRecDescs[0].getFieldCount() - inputTuples.getFieldCount() - (lookup == null ? 0 : 1);
            KnnCursor cursor = new KnnCursor(index, accessor.getOpContext(), entryFields, lookup);
            try {
                accessor.search(cursor, new KnnPredicate(x, y, wanted));
                try {
                    while (cursor.hasNext()) {
                        cursor.next();
                        append(inputTuple, cursor.getTuple(), lookup == null ? null : lookup.record(cursor.key()));
                    }
                } finally {
                    cursor.close();
                }
            } finally {
                cursor.destroy();
                accessor.destroy();
                if (lookup != null) {
                    lookup.clear();
                }
            }
        }

        /** The input tuple's fields, the entry's, and its record if there is one. */
        private void append(int inputTuple, ITupleReference entry, byte[] record) throws HyracksDataException {
            output.reset();
            for (int f = 0; f < inputTuples.getFieldCount(); f++) {
                output.addField(inputTuples, inputTuple, f);
            }
            for (int f = 0; f < entry.getFieldCount(); f++) {
                output.addField(entry.getFieldData(f), entry.getFieldStart(f), entry.getFieldLength(f));
            }
            if (record != null) {
                output.addField(record, 0, record.length);
            }
            FrameUtils.appendToWriter(writer, appender, output.getFieldEndOffsets(), output.getByteArray(), 0,
                    output.getSize());
        }

        @Override
        public void flush() throws HyracksDataException {
            if (appender != null) {
                appender.flush(writer);
            }
        }

        @Override
        public void fail() throws HyracksDataException {
            writer.fail();
        }

        @Override
        public void close() throws HyracksDataException {
            try {
                if (appender != null) {
                    appender.write(writer, true);
                }
            } finally {
                try {
                    if (lookup != null) {
                        lookup.destroy();
                    }
                } finally {
                    try {
                        if (primaryOpen) {
                            primaryHelper.close();
                        }
                    } finally {
                        try {
                            if (indexOpen) {
                                helper.close();
                            }
                        } finally {
                            writer.close();
                        }
                    }
                }
            }
        }
    }
}
