package org.spatiallsm.asterixdb.rtree.pruning;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.asterix.dataflow.data.nontagged.valueproviders.PrimitiveValueProviderFactory;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleBuilder;
import org.apache.hyracks.dataflow.common.comm.io.ArrayTupleReference;
import org.apache.hyracks.dataflow.common.data.accessors.ITupleReference;
import org.apache.hyracks.storage.am.common.api.IPrimitiveValueProviderFactory;
import org.apache.hyracks.storage.am.common.ophelpers.IndexOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMComponent.LSMComponentType;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndexOperationContext;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMemoryComponent;
import org.apache.hyracks.storage.am.rtree.impls.SearchPredicate;
import org.junit.jupiter.api.Test;
import org.spatiallsm.partitioning.pruning.Box;
import org.spatiallsm.partitioning.pruning.ReadAmplification.Counts;

/** The Hyracks side of pruning: which components a search keeps, what it counts, and how it reads its window. */
class ComponentPruningTest {

    private static final IPrimitiveValueProviderFactory[] KEY_VALUES = new IPrimitiveValueProviderFactory[4];
    static {
        // AsterixDB's provider: R-tree keys are type-tagged doubles.
        Arrays.fill(KEY_VALUES, PrimitiveValueProviderFactory.INSTANCE);
    }

    private final ILSMComponent memory = component(ILSMMemoryComponent.class, LSMComponentType.MEMORY);
    private final ILSMDiskComponent west = component(ILSMDiskComponent.class, LSMComponentType.DISK);
    private final ILSMDiskComponent east = component(ILSMDiskComponent.class, LSMComponentType.DISK);
    private final ILSMDiskComponent empty = component(ILSMDiskComponent.class, LSMComponentType.DISK);
    private final Map<ILSMDiskComponent, Box> mbrs = new IdentityHashMap<>(Map.of(west, box(-10, 0, -5, 5), east,
            box(5, 0, 10, 5), empty, Box.empty(2)));

    @Test
    void aSearchKeepsMemoryComponentsAndTheDiskComponentsItsWindowOverlaps() throws Exception {
        List<ILSMComponent> components = new ArrayList<>(List.of(memory, west, east, empty));
        assertThat(ComponentPruning.operational(components, box(-5, 5, 0, 9), mbrs::get)).isEqualTo(2);
        assertThat(components).containsExactly(memory, west);
    }

    @Test
    void onlySearchesArePrunedAndEachSearchIsCountedOnce() throws Exception {
        ComponentPruning pruning = new ComponentPruning(KEY_VALUES);
        OpContext merge = new OpContext(IndexOperation.MERGE, new SearchPredicate(key(6, 1, 7, 2), null));
        pruning.prune(merge.ctx, mbrs::get);
        pruning.countSearch(merge.ctx);
        assertThat(merge.components).containsExactly(memory, west, east, empty);

        OpContext search = new OpContext(IndexOperation.SEARCH, new SearchPredicate(key(6, 1, 7, 2), null));
        pruning.prune(search.ctx, mbrs::get);
        // The harness retries getOperationalComponents when it cannot enter a component: counted once all the same.
        search.components.clear();
        search.components.addAll(List.of(memory, west, east, empty));
        pruning.prune(search.ctx, mbrs::get);
        pruning.countSearch(search.ctx);
        assertThat(search.components).containsExactly(memory, east);

        OpContext scan = new OpContext(IndexOperation.SEARCH, new SearchPredicate(null, null));
        pruning.prune(scan.ctx, mbrs::get);
        pruning.countSearch(scan.ctx);
        assertThat(scan.components).containsExactly(memory, west, east, empty);

        assertThat(pruning.counts()).isEqualTo(new Counts(2, 1 + 3, 2 + 0));
    }

    /**
     * Search keys as AsterixDB sends them, on the edges of the components' MBRs (west: x in [-10, -5], east: x in
     * [5, 10], both y in [0, 5]): every window that touches an MBR, however thin, opens that component.
     */
    @Test
    void aWindowOnAComponentsEdgeCornerOrSignedZeroOpensIt() throws Exception {
        ComponentPruning pruning = new ComponentPruning(KEY_VALUES);
        double inf = Double.POSITIVE_INFINITY;
        assertThat(kept(pruning, key(-5, 5, 5, 9))).as("west's north-east and east's north-west corners")
                .containsExactly(memory, west, east);
        assertThat(kept(pruning, key(-5, 2, -5, 2))).as("a point on west's east edge").containsExactly(memory, west);
        assertThat(kept(pruning, key(10, -inf, inf, 0))).as("east's south-east corner, unbounded")
                .containsExactly(memory, east);
        assertThat(kept(pruning, key(Math.nextUp(-5.0), 0, Math.nextDown(5.0), 5))).as("the gap between them")
                .containsExactly(memory);
        assertThat(kept(pruning, key(-inf, -inf, inf, inf))).as("the whole plane").containsExactly(memory, west, east);

        // A component starting at 0.0 and a window ending at -0.0 (and the reverse) meet, however the MBR was summed.
        ILSMDiskComponent fromZero = component(ILSMDiskComponent.class, LSMComponentType.DISK);
        ILSMDiskComponent toNegativeZero = component(ILSMDiskComponent.class, LSMComponentType.DISK);
        Map<ILSMDiskComponent, Box> zeros = new IdentityHashMap<>(Map.of(fromZero, box(0.0, 0.0, 3, 3),
                toNegativeZero, box(-3, -3, -0.0, -0.0)));
        List<ILSMComponent> components = new ArrayList<>(List.of(fromZero, toNegativeZero));
        Box endsAtNegativeZero = pruning.window(new SearchPredicate(key(-1, -1, -0.0, -0.0), null)).orElseThrow();
        assertThat(ComponentPruning.operational(components, endsAtNegativeZero, zeros::get)).isZero();
        Box startsAtZero = pruning.window(new SearchPredicate(key(0.0, 0.0, 1, 1), null)).orElseThrow();
        assertThat(ComponentPruning.operational(components, startsAtZero, zeros::get)).isZero();
        assertThat(components).containsExactly(fromZero, toNegativeZero);
    }

    @Test
    void theWindowIsTheKeysCornersAndAKeyThatIsNotNumbersHasNone() throws Exception {
        ComponentPruning pruning = new ComponentPruning(KEY_VALUES);
        assertThat(pruning.window(new SearchPredicate(key(1, 2, 3, 4), null))).contains(box(1, 2, 3, 4));
        assertThat(pruning.window(new SearchPredicate(null, null))).isEmpty();
        ArrayTupleBuilder nulls = new ArrayTupleBuilder(4);
        for (int i = 0; i < 4; i++) {
            nulls.addField(new byte[] { ATypeTag.SERIALIZED_NULL_TYPE_TAG }, 0, 1);
        }
        ArrayTupleReference nullKey = new ArrayTupleReference();
        nullKey.reset(nulls.getFieldEndOffsets(), nulls.getByteArray());
        assertThat(pruning.window(new SearchPredicate(nullKey, null))).isEqualTo(Optional.empty());
    }

    /** The components a search with {@code key} keeps of memory, west, east and empty. */
    private List<ILSMComponent> kept(ComponentPruning pruning, ITupleReference key) throws HyracksDataException {
        OpContext search = new OpContext(IndexOperation.SEARCH, new SearchPredicate(key, null));
        pruning.prune(search.ctx, mbrs::get);
        return search.components;
    }

    private static Box box(double minX, double minY, double maxX, double maxY) {
        return Box.of(new double[] { minX, minY }, new double[] { maxX, maxY });
    }

    /** An R-tree search key as AsterixDB builds it: four tagged doubles. */
    private static ITupleReference key(double... corners) throws HyracksDataException {
        ArrayTupleBuilder builder = new ArrayTupleBuilder(corners.length);
        for (double value : corners) {
            byte[] field = ByteBuffer.allocate(9).put(ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG).putDouble(value).array();
            builder.addField(field, 0, field.length);
        }
        ArrayTupleReference tuple = new ArrayTupleReference();
        tuple.reset(builder.getFieldEndOffsets(), builder.getByteArray());
        return tuple;
    }

    private static <T extends ILSMComponent> T component(Class<T> type, LSMComponentType kind) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type },
                (proxy, method, args) -> switch (method.getName()) {
                    case "getType" -> kind;
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> throw new UnsupportedOperationException(method.getName());
                }));
    }

    /**
     * A stand-in operation context: its operation, predicate and component holder (memory first, as the index fills
     * it).
     */
    private final class OpContext {
        final List<ILSMComponent> components = new ArrayList<>(List.of(memory, west, east, empty));
        final ILSMIndexOperationContext ctx;

        OpContext(IndexOperation operation, SearchPredicate predicate) {
            ctx = (ILSMIndexOperationContext) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] { ILSMIndexOperationContext.class }, (proxy, method, args) -> switch (method
                            .getName()) {
                        case "getOperation" -> operation;
                        case "getSearchPredicate" -> predicate;
                        case "getComponentHolder" -> components;
                        default -> throw new UnsupportedOperationException(method.getName());
                    });
        }
    }
}
