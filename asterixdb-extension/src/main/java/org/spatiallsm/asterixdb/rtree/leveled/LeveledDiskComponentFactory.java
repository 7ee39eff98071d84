package org.spatiallsm.asterixdb.rtree.leveled;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.bloomfilter.impls.BloomFilterFactory;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeDiskComponent;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeWithBloomFilterDiskComponent;
import org.apache.hyracks.storage.am.lsm.btree.impls.LSMBTreeWithBloomFilterDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponentFactory;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndex;
import org.apache.hyracks.storage.am.lsm.common.impls.DiskBTreeFactory;
import org.apache.hyracks.storage.am.lsm.common.impls.LSMComponentFileReferences;
import org.apache.hyracks.storage.am.lsm.common.impls.TreeIndexFactory;
import org.apache.hyracks.storage.am.lsm.rtree.impls.LSMRTreeWithAntimatterDiskComponent;
import org.apache.hyracks.storage.am.rtree.impls.RTree;
import org.spatiallsm.asterixdb.crash.CrashPoints;

/**
 * The stock anti-matter R-tree disk component, with one crash point: after a component's files are deleted. In
 * normal operation only a completed merge deletes components (its inputs, once their last reader has left), so a
 * crash there leaves a committed merge with some inputs still on disk, which start-up deletes from the manifest.
 * {@link BTree} is the same for the secondary B-tree's disk component, {@link BTreeWithBloomFilter} for the primary
 * index's.
 */
final class LeveledDiskComponentFactory implements ILSMDiskComponentFactory {

    private static final String INPUTS_DELETING = "leveled.merge.inputs-deleting";

    private final TreeIndexFactory<RTree> rtreeFactory;

    LeveledDiskComponentFactory(TreeIndexFactory<RTree> rtreeFactory) {
        this.rtreeFactory = rtreeFactory;
    }

    @Override
    public LSMRTreeWithAntimatterDiskComponent createComponent(AbstractLSMIndex lsmIndex,
            LSMComponentFileReferences cfr) throws HyracksDataException {
        return new LSMRTreeWithAntimatterDiskComponent(lsmIndex,
                rtreeFactory.createIndexInstance(cfr.getInsertIndexFileReference()), null) {
            @Override
            public void destroy() throws HyracksDataException {
                super.destroy();
                CrashPoints.reach(INPUTS_DELETING);
            }
        };
    }

    /** The stock disk component of a secondary B-tree (no component filter), with the same crash point. */
    static final class BTree extends LSMBTreeDiskComponentFactory {

        BTree(DiskBTreeFactory btreeFactory) {
            super(btreeFactory, null);
        }

        @Override
        public LSMBTreeDiskComponent createComponent(AbstractLSMIndex lsmIndex, LSMComponentFileReferences cfr)
                throws HyracksDataException {
            return new LSMBTreeDiskComponent(lsmIndex,
                    btreeFactory.createIndexInstance(cfr.getInsertIndexFileReference()), null) {
                @Override
                public void destroy() throws HyracksDataException {
                    super.destroy();
                    CrashPoints.reach(INPUTS_DELETING);
                }
            };
        }
    }

    /** The stock disk component of a B-tree with a Bloom filter (a primary index), with the same crash point. */
    static final class BTreeWithBloomFilter extends LSMBTreeWithBloomFilterDiskComponentFactory {

        BTreeWithBloomFilter(DiskBTreeFactory btreeFactory, BloomFilterFactory bloomFilterFactory) {
            super(btreeFactory, bloomFilterFactory, null);
        }

        @Override
        public LSMBTreeWithBloomFilterDiskComponent createComponent(AbstractLSMIndex lsmIndex,
                LSMComponentFileReferences cfr) throws HyracksDataException {
            return new LSMBTreeWithBloomFilterDiskComponent(lsmIndex,
                    btreeFactory.createIndexInstance(cfr.getInsertIndexFileReference()),
                    bloomFilterFactory.createBloomFiltertInstance(cfr.getBloomFilterFileReference()), null) {
                @Override
                public void destroy() throws HyracksDataException {
                    super.destroy();
                    CrashPoints.reach(INPUTS_DELETING);
                }
            };
        }
    }
}
