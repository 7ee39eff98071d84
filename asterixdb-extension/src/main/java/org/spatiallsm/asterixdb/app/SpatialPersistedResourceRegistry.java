package org.spatiallsm.asterixdb.app;

import java.util.Map;

import org.apache.asterix.app.io.PersistedResourceRegistry;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.storage.am.rtree.linearize.HilbertDoubleComparatorFactory;
import org.apache.hyracks.storage.am.rtree.linearize.ZCurveDoubleComparatorFactory;
import org.spatiallsm.asterixdb.merge.EngineMergePolicies;
import org.spatiallsm.asterixdb.organisation.DhbPointComparatorFactory;
import org.spatiallsm.asterixdb.organisation.HilbertBTreeResource;
import org.spatiallsm.asterixdb.organisation.grid.GridBTreeResource;
import org.spatiallsm.asterixdb.rtree.CurveComparatorFactory;
import org.spatiallsm.asterixdb.rtree.SimpleLinearizeComparatorFactory;
import org.spatiallsm.asterixdb.rtree.StockCurveComparatorFactory;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledBTreeResource;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledRTreeResource;
import org.spatiallsm.asterixdb.rtree.pruning.PruningRTreeResource;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * AsterixDB's registry plus every class spatial-lsm writes into an index's {@code .metadata}. A registry id is on disk
 * forever: never rename one.
 *
 * <p>AsterixDB's curve orders are read as the same orders computed fast: the ids under which 0.9.8 persists its
 * {@code HilbertDoubleComparatorFactory} and {@code ZCurveDoubleComparatorFactory} (in every R-tree's
 * {@code .metadata}, written by stock 0.9.8 or by us) load {@link CurveComparatorFactory}s, which give exactly the
 * same order. They are written under those same ids and fields, so an index's {@code .metadata} stays readable by
 * stock 0.9.8 too; only the informational class name differs.
 */
public class SpatialPersistedResourceRegistry extends PersistedResourceRegistry {

    private static final String STOCK_HILBERT_ID = "HilbertDoubleComparatorFactory";
    private static final String STOCK_ZORDER_ID = "ZCurveDoubleComparatorFactory";
    private static final Map<Class<?>, Class<? extends IJsonSerializable>> FAST_EQUIVALENTS =
            Map.of(HilbertDoubleComparatorFactory.class, CurveComparatorFactory.Hilbert.class,
                    ZCurveDoubleComparatorFactory.class, CurveComparatorFactory.ZOrder.class);

    @Override
    protected void registerClasses() {
        super.registerClasses();
        for (EngineMergePolicies.Registration policy : EngineMergePolicies.ALL) {
            registeredClasses.put(policy.registryId(), policy.factoryClass());
        }
        registeredClasses.put("SpatialLsmSimpleLinearizeComparatorFactory", SimpleLinearizeComparatorFactory.class);
        registeredClasses.put("SpatialLsmLeveledRTreeResource", LeveledRTreeResource.class);
        registeredClasses.put("SpatialLsmLeveledBTreeResource", LeveledBTreeResource.class);
        // The id predates DHB indexes, which share the resource class.
        registeredClasses.put("SpatialLsmDhvbBTreeResource", HilbertBTreeResource.class);
        registeredClasses.put("SpatialLsmDhbPointComparatorFactory", DhbPointComparatorFactory.class);
        registeredClasses.put("SpatialLsmPruningRTreeResource", PruningRTreeResource.class);
        registeredClasses.put("SpatialLsmGridBTreeResource", GridBTreeResource.class);
        registeredClasses.put(STOCK_HILBERT_ID, CurveComparatorFactory.Hilbert.class);
        registeredClasses.put(STOCK_ZORDER_ID, CurveComparatorFactory.ZOrder.class);
        registeredClasses.put("SpatialLsmStockHilbertComparatorFactory", StockCurveComparatorFactory.Hilbert.class);
        registeredClasses.put("SpatialLsmStockZCurveComparatorFactory", StockCurveComparatorFactory.ZOrder.class);
    }

    /** 0.9.8's own curve factories, should anything still write one, go under their (shared) ids as before. */
    @Override
    public ObjectNode getClassIdentifier(Class<? extends IJsonSerializable> clazz, long version) {
        return super.getClassIdentifier(FAST_EQUIVALENTS.getOrDefault(clazz, clazz), version);
    }
}
