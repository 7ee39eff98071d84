package org.spatiallsm.asterixdb.pagereads;

import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.FileReference;
import org.apache.hyracks.api.replication.IIOReplicationManager;
import org.apache.hyracks.storage.am.lsm.common.impls.AbstractLSMIndexFileManager;
import org.apache.hyracks.storage.common.IIndex;
import org.apache.hyracks.storage.common.buffercache.IBufferCache;
import org.apache.hyracks.storage.common.buffercache.ICachedPage;
import org.apache.hyracks.storage.common.buffercache.ICachedPageInternal;
import org.apache.hyracks.storage.common.buffercache.IExtraPageBlockHelper;
import org.apache.hyracks.storage.common.buffercache.IFIFOPageWriter;
import org.apache.hyracks.storage.common.buffercache.IPageWriteCallback;
import org.apache.hyracks.storage.common.buffercache.IPageWriteFailureCallback;
import org.apache.hyracks.storage.common.file.BufferedFileHandle;
import org.apache.hyracks.storage.common.compression.file.ICompressedPageWriter;
import org.apache.hyracks.util.IThreadStats;
import org.apache.hyracks.util.IThreadStatsCollector;

/**
 * The node's buffer cache as one index partition's disk components see it, counting the pages its searches read from
 * disk. AsterixDB 0.9.8's buffer cache counts no misses, and reads a missing page on an I/O thread of its own while
 * the pinning thread waits, so neither its statistics nor the searching thread's kernel read counters can tell; this
 * view tells a read from a hit by {@link PageResidency}, shared by every view of the same cache. Every pin and every
 * written page of the index's files passes through the view (the index's disk components, Bloom filters and metadata
 * pages get it in place of the cache), which is what {@link PageResidency} needs.
 * <p>
 * Counted: pages read by pins outside {@link #outsideSearches} scopes, which the index puts around its flushes, merges
 * and activation, and introspection around its listing; what remains are the pages its searches read (including the
 * root pages MBR pruning reads). A large page counts once. A page the operating system's cache held still counts: it
 * left AsterixDB's buffer cache, which is what the count measures.
 */
public final class SearchPageReads implements IBufferCache, IThreadStatsCollector {

    /** One per cache: pages one index reads are hits for another view's pins only if they share the record. */
    private static final Map<IBufferCache, PageResidency> RESIDENCY = new ConcurrentHashMap<>();
    /** Depth of {@link #outsideSearches} scopes on this thread; pages read at depth 0 count. */
    private static final ThreadLocal<int[]> OUTSIDE_SEARCHES = ThreadLocal.withInitial(() -> new int[1]);

    private static final String BLOOM_FILTER_ENDING = AbstractLSMIndexFileManager.DELIMITER
            + AbstractLSMIndexFileManager.BLOOM_FILTER_SUFFIX;

    private final IBufferCache cache;
    private final PageResidency residency;
    private final LongAdder pagesRead = new LongAdder();
    /** Ids of the open Bloom-filter files (0.9.8 names them {@code <component>_f}), as the cache assigned them. */
    private final Set<Integer> bloomFilterFiles = ConcurrentHashMap.newKeySet();
    private final LongAdder bloomFilterPagesRead = new LongAdder();

    /** Work whose page reads are not a search's. */
    @FunctionalInterface
    public interface Work<T, E extends Exception> {
        T run() throws E;
    }

    private SearchPageReads(IBufferCache cache) {
        this.cache = cache;
        this.residency = RESIDENCY.computeIfAbsent(cache, c -> new PageResidency());
    }

    /** A new view of {@code cache} for one index partition, counting from 0. */
    public static IBufferCache of(IBufferCache cache) {
        return new SearchPageReads(cache);
    }

    /** Pages the searches of {@code index} read from disk since it was created; empty if its cache is no view. */
    public static OptionalLong pagesRead(IIndex index) {
        return index.getBufferCache() instanceof SearchPageReads view ? OptionalLong.of(view.pagesRead.sum())
                : OptionalLong.empty();
    }

    /** Of {@link #pagesRead}, the pages of Bloom-filter files; empty if the index's cache is no view. */
    public static OptionalLong bloomFilterPagesRead(IIndex index) {
        return index.getBufferCache() instanceof SearchPageReads view
                ? OptionalLong.of(view.bloomFilterPagesRead.sum()) : OptionalLong.empty();
    }

    /** Runs {@code work} on this thread with its page reads not counted (scopes nest). */
    public static <T, E extends Exception> T outsideSearches(Work<T, E> work) throws E {
        int[] depth = OUTSIDE_SEARCHES.get();
        depth[0]++;
        try {
            return work.run();
        } finally {
            depth[0]--;
        }
    }

    @Override
    public ICachedPage pin(long dpid, boolean newPage) throws HyracksDataException {
        ICachedPage page = cache.pin(dpid, newPage);
        if (page instanceof ICachedPageInternal slot) {
            if (newPage) {
                residency.placed(slot.getCachedPageId(), dpid);
            } else if (residency.pinned(slot.getCachedPageId(), dpid) && OUTSIDE_SEARCHES.get()[0] == 0) {
                pagesRead.increment();
                if (bloomFilterFiles.contains(BufferedFileHandle.getFileId(dpid))) {
                    bloomFilterPagesRead.increment();
                }
            }
        }
        return page;
    }

    @Override
    public void returnPage(ICachedPage page) {
        returnPage(page, true);
    }

    @Override
    public void returnPage(ICachedPage page, boolean reinsert) {
        if (reinsert) {
            placed(page); // before the cache has it again, so that no pin can find it unrecorded
        }
        cache.returnPage(page, reinsert);
    }

    /** A writer of loaded pages, which the cache keeps afterwards: they enter it without a read. */
    @Override
    public IFIFOPageWriter createFIFOWriter(IPageWriteCallback callback, IPageWriteFailureCallback failureCallback) {
        IFIFOPageWriter writer = cache.createFIFOWriter(callback, failureCallback);
        return page -> {
            placed(page);
            writer.write(page);
        };
    }

    private void placed(ICachedPage page) {
        if (page instanceof ICachedPageInternal slot) {
            residency.placed(slot.getCachedPageId(), slot.getDiskPageId());
        }
    }

    // Query profiles count pinned pages through the cache's own statistics.
    @Override
    public void subscribe(IThreadStats stats) {
        if (cache instanceof IThreadStatsCollector collector) {
            collector.subscribe(stats);
        }
    }

    @Override
    public void unsubscribe() {
        if (cache instanceof IThreadStatsCollector collector) {
            collector.unsubscribe();
        }
    }

    // Everything else is the cache's own.

    // Files get their ids here; an id the cache gives again later belongs to whatever file it names then.

    @Override
    public int createFile(FileReference fileRef) throws HyracksDataException {
        return identified(fileRef, cache.createFile(fileRef));
    }

    @Override
    public int openFile(FileReference fileRef) throws HyracksDataException {
        return identified(fileRef, cache.openFile(fileRef));
    }

    private int identified(FileReference file, int fileId) {
        if (file.getFile().getName().endsWith(BLOOM_FILTER_ENDING)) {
            bloomFilterFiles.add(fileId);
        } else {
            bloomFilterFiles.remove(fileId);
        }
        return fileId;
    }

    @Override
    public void openFile(int fileId) throws HyracksDataException {
        cache.openFile(fileId);
    }

    @Override
    public void closeFile(int fileId) throws HyracksDataException {
        cache.closeFile(fileId);
    }

    @Override
    public void deleteFile(int fileId) throws HyracksDataException {
        cache.deleteFile(fileId);
    }

    @Override
    public void deleteFile(FileReference file) throws HyracksDataException {
        cache.deleteFile(file);
    }

    @Override
    public void unpin(ICachedPage page) throws HyracksDataException {
        cache.unpin(page);
    }

    @Override
    public void flush(ICachedPage page) throws HyracksDataException {
        cache.flush(page);
    }

    @Override
    public void force(int fileId, boolean metadata) throws HyracksDataException {
        cache.force(fileId, metadata);
    }

    @Override
    public ICachedPage confiscatePage(long dpid) throws HyracksDataException {
        return cache.confiscatePage(dpid);
    }

    @Override
    public ICachedPage confiscateLargePage(long dpid, int multiplier, int extraBlockPageId)
            throws HyracksDataException {
        return cache.confiscateLargePage(dpid, multiplier, extraBlockPageId);
    }

    @Override
    public int getPageSize() {
        return cache.getPageSize();
    }

    @Override
    public int getPageSizeWithHeader() {
        return cache.getPageSizeWithHeader();
    }

    @Override
    public int getPageBudget() {
        return cache.getPageBudget();
    }

    @Override
    public int getNumPagesOfFile(int fileId) throws HyracksDataException {
        return cache.getNumPagesOfFile(fileId);
    }

    @Override
    public int getFileReferenceCount(int fileId) {
        return cache.getFileReferenceCount(fileId);
    }

    @Override
    public void close() throws HyracksDataException {
        cache.close();
    }

    @Override
    public boolean isReplicationEnabled() {
        return cache.isReplicationEnabled();
    }

    @Override
    public IIOReplicationManager getIOReplicationManager() {
        return cache.getIOReplicationManager();
    }

    @Override
    public void purgeHandle(int fileId) throws HyracksDataException {
        cache.purgeHandle(fileId);
    }

    @Override
    public void resizePage(ICachedPage page, int multiplier, IExtraPageBlockHelper extraPageBlockHelper)
            throws HyracksDataException {
        cache.resizePage(page, multiplier, extraPageBlockHelper);
    }

    @Override
    public void closeFileIfOpen(FileReference fileRef) {
        cache.closeFileIfOpen(fileRef);
    }

    @Override
    public ICompressedPageWriter getCompressedPageWriter(int fileId) {
        return cache.getCompressedPageWriter(fileId);
    }
}
