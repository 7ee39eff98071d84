package org.spatiallsm.asterixdb.rtree;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataOutput;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.apache.asterix.dataflow.data.nontagged.serde.ADoubleSerializerDeserializer;
import org.apache.asterix.dataflow.data.nontagged.serde.AInt64SerializerDeserializer;
import org.apache.asterix.dataflow.data.nontagged.valueproviders.PrimitiveValueProviderFactory;
import org.apache.asterix.formats.nontagged.BinaryComparatorFactoryProvider;
import org.apache.asterix.formats.nontagged.NullIntrospector;
import org.apache.asterix.formats.nontagged.TypeTraitProvider;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.hyracks.api.dataflow.value.IBinaryComparatorFactory;
import org.apache.hyracks.api.dataflow.value.ITypeTraits;
import org.apache.hyracks.api.io.IODeviceHandle;
import org.apache.hyracks.control.nc.io.DefaultDeviceResolver;
import org.apache.hyracks.control.nc.io.IOManager;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProviderFactory;
import org.apache.hyracks.storage.am.common.freepage.AppendOnlyLinkedMetadataPageManagerFactory;
import org.apache.hyracks.storage.am.common.impls.NoOpIndexAccessParameters;
import org.apache.hyracks.storage.am.lsm.rtree.tuples.LSMRTreeTupleWriterFactory;
import org.apache.hyracks.storage.am.lsm.rtree.tuples.LSMRTreeTupleWriterFactoryForPointMBR;
import org.apache.hyracks.storage.am.rtree.frames.RTreeNSMInteriorFrameFactory;
import org.apache.hyracks.storage.am.rtree.frames.RTreeNSMLeafFrameFactory;
import org.apache.hyracks.storage.am.rtree.frames.RTreePolicyType;
import org.apache.hyracks.storage.am.rtree.impls.RTree;
import org.apache.hyracks.storage.am.rtree.impls.RTreeSearchCursor;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.apache.hyracks.storage.am.rtree.tuples.RTreeTypeAwareTupleWriterFactory;
import org.apache.hyracks.storage.common.IIndexBulkLoader;
import org.apache.hyracks.storage.common.MultiComparator;
import org.apache.hyracks.storage.common.buffercache.BufferCache;
import org.apache.hyracks.storage.common.buffercache.ClockPageReplacementStrategy;
import org.apache.hyracks.storage.common.buffercache.DelayPageCleanerPolicy;
import org.apache.hyracks.storage.common.buffercache.HeapBufferAllocator;
import org.apache.hyracks.storage.common.buffercache.NoOpPageWriteCallback;
import org.apache.hyracks.storage.common.file.FileMapManager;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * On a real bulk-loaded R-tree of a disk component (spatial-lsm's frames and {@link RunSkippingRTreeFactory}, pages
 * in a buffer cache), the run-skipping cursor with {@link DoubleKeyInteriorFrameFactory}'s and
 * {@link DoubleKeyLeafFrameFactory}'s frames returns exactly the entries, in the same order, that the stock cursor with
 * the stock frames returns, for many windows: random ones of every size, points, windows whose edges lie on entries
 * (every pair of entries next to each other in the leaves, so every run and page boundary), empty results and the
 * whole extent. Small pages give many leaves and interior levels, large ones leaves of several groups of runs. Also
 * with leaf frames for pages that may change (memory components': no run boxes, only the query box read once per
 * page), and with one query tuple refilled for every window, as an index nested-loop join's search reuses its key.
 */
class RunSkippingSearchCursorTest {

    private static final int ENTRIES = 12_000;
    private static final int DIMENSIONS = 2;
    private static final int KEYS = 2 * DIMENSIONS;

    @TempDir
    Path directory;

    /** 8 KB pages: many leaves and interior levels; 64 KB pages: leaves of several groups of runs. */
    @ParameterizedTest(name = "point MBRs: {0}, immutable pages: {1}, page size: {2}")
    @CsvSource({ "true, true, 8192", "false, true, 8192", "true, false, 8192", "false, false, 8192",
        "true, true, 65536", "false, true, 65536" })
    void returnsTheStockCursorsEntriesInItsOrder(boolean isPointMBR, boolean immutablePages, int pageSize)
            throws Exception {
        Random random = new Random(isPointMBR ? 28 : 29);
        double[][] boxes = boxes(random, isPointMBR);
        IOManager ioManager = new IOManager(List.of(new IODeviceHandle(directory.toFile(), "io")),
                new DefaultDeviceResolver(), 1, 10);
        BufferCache bufferCache =
                new BufferCache(ioManager, new ClockPageReplacementStrategy(new HeapBufferAllocator(), pageSize, 512),
                        new DelayPageCleanerPolicy(1000), new FileMapManager(), 10, 10, Thread::new);
        try {
            ITypeTraits[] typeTraits = new ITypeTraits[KEYS + 1];
            Arrays.fill(typeTraits, TypeTraitProvider.INSTANCE.getTypeTrait(BuiltinType.ADOUBLE));
            typeTraits[KEYS] = TypeTraitProvider.INSTANCE.getTypeTrait(BuiltinType.AINT64);
            ITypeTraits nullTraits = TypeTraitProvider.INSTANCE.getTypeTrait(BuiltinType.ANULL);
            IBinaryComparatorFactory[] comparators = new IBinaryComparatorFactory[KEYS];
            Arrays.fill(comparators,
                    BinaryComparatorFactoryProvider.INSTANCE.getBinaryComparatorFactory(BuiltinType.ADOUBLE, true));
            IPrimitiveValueProviderFactory[] valueProviders = new IPrimitiveValueProviderFactory[KEYS];
            Arrays.fill(valueProviders, PrimitiveValueProviderFactory.INSTANCE);
            // The writers of a bulk-loaded disk component, as AntiMatterRTreeResource makes them.
            RTreeTypeAwareTupleWriterFactory interiorWriter =
                    new LSMRTreeTupleWriterFactory(typeTraits, false, nullTraits, NullIntrospector.INSTANCE);
            RTreeTypeAwareTupleWriterFactory leafWriter = isPointMBR
                    ? new LSMRTreeTupleWriterFactoryForPointMBR(typeTraits, KEYS, 1, true, false, nullTraits,
                            NullIntrospector.INSTANCE)
                    : interiorWriter;
            DoubleKeyLeafFrameFactory leafFrames = new DoubleKeyLeafFrameFactory(leafWriter, valueProviders,
                    RTreePolicyType.RSTARTREE, isPointMBR, immutablePages);
            DoubleKeyInteriorFrameFactory interiorFrames = new DoubleKeyInteriorFrameFactory(interiorWriter,
                    valueProviders, RTreePolicyType.RSTARTREE, isPointMBR, immutablePages);
            RTree tree = new RunSkippingRTreeFactory(ioManager, bufferCache,
                    AppendOnlyLinkedMetadataPageManagerFactory.INSTANCE, interiorFrames, leafFrames, comparators,
                    KEYS + 1, isPointMBR).createIndexInstance(ioManager.resolveAbsolutePath(
                            directory.resolve("rtree").toString()));
            tree.create();
            tree.activate();
            bulkLoad(tree, boxes);

            RTree.RTreeAccessor accessor = tree.createAccessor(NoOpIndexAccessParameters.INSTANCE);
            RTreeSearchCursor runSkipping = accessor.createSearchCursor(false);
            assertThat(runSkipping).isInstanceOf(RunSkippingSearchCursor.class);
            RTreeSearchCursor stock = new RTreeSearchCursor(
                    new RTreeNSMInteriorFrameFactory(interiorWriter, valueProviders, RTreePolicyType.RSTARTREE,
                            isPointMBR).createFrame(),
                    new RTreeNSMLeafFrameFactory(leafWriter, valueProviders, RTreePolicyType.RSTARTREE, isPointMBR)
                            .createFrame());
            MultiComparator cmp = MultiComparator.create(comparators);

            List<double[]> windows = windows(random, boxes);
            // One query tuple and predicate for every search, refilled per window, as an index search operator
            // reuses its key over its input frames: the frames must not keep an earlier window's box.
            ArrayTupleReference query = new ArrayTupleReference();
            SearchPredicate reused = new SearchPredicate(query, cmp);
            long found = 0;
            int empty = 0;
            for (double[] window : windows) {
                List<String> expected = search(accessor, stock, new SearchPredicate(tuple(window, -1), cmp));
                // Twice: the second search finds the leaves' run boxes kept from the first.
                for (int pass = 0; pass < 2; pass++) {
                    fill(query, window);
                    assertThat(search(accessor, runSkipping, reused)).as("window %s", Arrays.toString(window))
                            .isEqualTo(expected);
                }
                found += expected.size();
                empty += expected.isEmpty() ? 1 : 0;
            }
            // The windows cover what they are meant to: empty answers, and the whole extent's.
            assertThat(empty).isGreaterThan(100);
            assertThat(found).isGreaterThan(10L * ENTRIES);
            tree.deactivate();
            tree.destroy();
        } finally {
            bufferCache.close();
            ioManager.close();
        }
    }

    /** Boxes (low corner, high corner) in strips of x, the order a curve-sorted bulk load gives; many duplicates. */
    private static double[][] boxes(Random random, boolean isPointMBR) {
        double[][] boxes = new double[ENTRIES][];
        for (int i = 0; i < ENTRIES; i++) {
            // A coarse grid in a quarter of the entries: points that share coordinates and whole boxes.
            double x = i % 4 == 0 ? Math.floor(random.nextDouble() * 20) / 20 : random.nextDouble();
            double y = i % 4 == 0 ? Math.floor(random.nextDouble() * 20) / 20 : random.nextDouble();
            double width = isPointMBR ? 0 : random.nextDouble() * 0.01;
            double height = isPointMBR ? 0 : random.nextDouble() * 0.01;
            boxes[i] = new double[] { x, y, x + width, y + height };
        }
        Arrays.sort(boxes, Comparator.<double[]> comparingInt(b -> (int) (b[0] * 32)).thenComparingDouble(b -> b[1]));
        return boxes;
    }

    private static void bulkLoad(RTree tree, double[][] boxes) throws Exception {
        IIndexBulkLoader loader =
                tree.createBulkLoader(1.0f, false, boxes.length, false, NoOpPageWriteCallback.INSTANCE);
        for (int i = 0; i < boxes.length; i++) {
            loader.add(tuple(boxes[i], i));
        }
        loader.end();
    }

    private static List<double[]> windows(Random random, double[][] boxes) {
        List<double[]> windows = new ArrayList<>();
        // Every two entries next to each other in the leaves: edges on entries, at every run and page boundary.
        for (int i = 0; i + 1 < boxes.length; i++) {
            windows.add(cover(boxes[i], boxes[i + 1]));
        }
        for (int i = 0; i < 2_000; i++) {
            double size = Math.pow(10, -4 + 4 * random.nextDouble());
            double x = random.nextDouble() * 1.2 - 0.1;
            double y = random.nextDouble() * 1.2 - 0.1;
            windows.add(new double[] { x, y, x + size * random.nextDouble(), y + size * random.nextDouble() });
        }
        for (int i = 0; i < 500; i++) {
            double[] box = boxes[random.nextInt(boxes.length)];
            windows.add(new double[] { box[0], box[1], box[0], box[1] }); // a point: the entry's low corner
            windows.add(new double[] { box[2], box[3], box[2] + 0.001, box[3] + 0.001 }); // from its high corner
            double x = random.nextDouble();
            double y = random.nextDouble();
            windows.add(new double[] { x, y, x, y }); // a point almost surely between entries
            windows.add(new double[] { 1.02 + x, y, 1.03 + x, y + 0.01 }); // beyond the greatest x: empty
        }
        windows.add(new double[] { 2, 2, 3, 3 }); // outside the extent
        windows.add(new double[] { -1, -1, -0.5, -0.5 });
        windows.add(new double[] { -1, -1, 2, 2 }); // the whole extent
        windows.add(new double[] { Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY });
        windows.add(new double[] { 0, 0, 1, 1 });
        return windows;
    }

    private static double[] cover(double[] a, double[] b) {
        return new double[] { Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]),
            Math.max(a[3], b[3]) };
    }

    /** Each entry as its box and key, in the order the cursor returns them. */
    private static List<String> search(RTree.RTreeAccessor accessor, RTreeSearchCursor cursor,
            SearchPredicate predicate) throws Exception {
        List<String> entries = new ArrayList<>();
        accessor.search(cursor, predicate);
        try {
            while (cursor.hasNext()) {
                cursor.next();
                ITupleReference entry = cursor.getTuple();
                StringBuilder text = new StringBuilder();
                for (int field = 0; field < KEYS; field++) {
                    text.append(ADoubleSerializerDeserializer.getDouble(entry.getFieldData(field),
                            entry.getFieldStart(field) + 1)).append(' ');
                }
                text.append(AInt64SerializerDeserializer.getLong(entry.getFieldData(KEYS),
                        entry.getFieldStart(KEYS) + 1));
                entries.add(text.toString());
            }
        } finally {
            cursor.close();
        }
        return entries;
    }

    /** A key of tagged doubles, then (if {@code id >= 0}) a tagged bigint. */
    private static ITupleReference tuple(double[] box, long id) throws IOException {
        ArrayTupleReference tuple = new ArrayTupleReference();
        fill(tuple, box, id);
        return tuple;
    }

    private static void fill(ArrayTupleReference query, double[] box) throws IOException {
        fill(query, box, -1);
    }

    private static void fill(ArrayTupleReference tuple, double[] box, long id) throws IOException {
        ArrayTupleBuilder builder = new ArrayTupleBuilder(id >= 0 ? KEYS + 1 : KEYS);
        DataOutput out = builder.getDataOutput();
        for (double coordinate : box) {
            out.writeByte(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG);
            out.writeDouble(coordinate);
            builder.addFieldEndOffset();
        }
        if (id >= 0) {
            out.writeByte(ATypeTag.SERIALIZED_INT64_TYPE_TAG);
            out.writeLong(id);
            builder.addFieldEndOffset();
        }
        tuple.reset(builder.getFieldEndOffsets(), builder.getByteArray());
    }
}
