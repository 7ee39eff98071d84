package org.spatiallsm.asterixdb.introspection;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;

import org.apache.asterix.common.api.INcApplicationContext;
import org.apache.asterix.common.dataflow.DatasetLocalResource;
import org.apache.asterix.common.storage.ResourceReference;
import org.apache.asterix.transaction.management.resource.PersistentLocalResourceRepository;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.common.dataflow.IndexDataflowHelper;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMDiskComponent;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.apache.hyracks.storage.common.LocalResource;
import org.spatiallsm.asterixdb.organisation.SearchCounters;
import org.spatiallsm.asterixdb.organisation.grid.GridSearchCounters;
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;
import org.spatiallsm.asterixdb.rtree.leveled.KeyRangeLevels;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledRTree;
import org.spatiallsm.introspection.ComponentListing;
import org.spatiallsm.introspection.ComponentsListing;
import org.spatiallsm.introspection.EntriesListing;
import org.spatiallsm.introspection.IndexListing;
import org.spatiallsm.introspection.IntrospectionJson;
import org.spatiallsm.introspection.MbrListing;
import org.spatiallsm.partitioning.knn.KnnCounters;
import org.spatiallsm.partitioning.pruning.Box;
import org.spatiallsm.partitioning.pruning.ReadAmplification;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Every index partition of one dataset stored on this node controller, held open for one request. AsterixDB opens an
 * index on its first use after a restart; an index no query has used yet is opened here the way a query opens it and
 * released afterwards, so it stays registered with the dataset lifecycle manager, unused, as after a query.
 */
final class OpenIndexes {

    record OpenIndex(IndexPartition where, ILSMIndex index, int datasetId) {
    }

    interface Use<T> {
        T apply(List<OpenIndex> indexes) throws Exception;
    }

    private OpenIndexes() {
    }

    /**
     * Opens the dataset's index partitions on this node as a query does, hands them to {@code use}, and releases them
     * again (the indexes stay open in the lifecycle manager, unused, as after a query). Each open and release takes the
     * dataset lifecycle manager's lock only for itself, as a query's do: nothing holds that lock while {@code use}
     * runs, so the node's queries, feeds and DDL go on meanwhile. A DROP of the dataset meanwhile fails on an index in
     * use, as it would during a query if AsterixDB's metadata locks did not keep them apart; keep {@code use} short.
     * The pages the indexes read meanwhile (to activate them, or for an MBR) are not counted as their searches'.
     */
    static <T> T use(INcApplicationContext appCtx, String dataverse, String dataset, Use<T> use) throws Exception {
        return SearchPageReads.outsideSearches(() -> useUncounted(appCtx, dataverse, dataset, use));
    }

    private static <T> T useUncounted(INcApplicationContext appCtx, String dataverse, String dataset, Use<T> use)
            throws Exception {
        List<ResourceReference> resources = resources(appCtx, dataverse, dataset);
        List<IndexDataflowHelper> opened = new ArrayList<>();
        T result;
        try {
            List<OpenIndex> indexes = new ArrayList<>();
            for (ResourceReference ref : resources) {
                IndexDataflowHelper helper = new IndexDataflowHelper(appCtx.getServiceContext(),
                        appCtx.getStorageComponentProvider().getStorageManager(),
                        appCtx.getIoManager().resolve(ref.getRelativePath().toString()));
                LocalResource resource = helper.getResource();
                if (resource == null) {
                    continue; // dropped since the scan
                }
                helper.open();
                opened.add(helper);
                ILSMIndex index = (ILSMIndex) helper.getIndexInstance();
                indexes.add(new OpenIndex(IndexPartition.of(index), index,
                        ((DatasetLocalResource) resource.getResource()).getDatasetId()));
            }
            result = use.apply(indexes);
        } catch (Exception e) {
            try {
                CloseAll.closeAll(opened, IndexDataflowHelper::close);
            } catch (Exception closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
        CloseAll.closeAll(opened, IndexDataflowHelper::close);
        return result;
    }

    /**
     * The dataset's indexes in this node's own storage partitions (not replicas of other nodes' partitions), primary
     * indexes first: AsterixDB halts the node when asked to flush a partition whose secondary index is open without
     * its primary index.
     */
    private static List<ResourceReference> resources(INcApplicationContext appCtx, String dataverse, String dataset)
            throws HyracksDataException {
        PersistentLocalResourceRepository repository =
                (PersistentLocalResourceRepository) appCtx.getLocalResourceRepository();
        return repository.getResources(r -> true, appCtx.getReplicaManager().getPartitions()).values().stream()
                .map(r -> ResourceReference.ofIndex(r.getPath()))
                .filter(ref -> ref.getDataverse().getCanonicalForm().equals(dataverse)
                        && ref.getDataset().equals(dataset))
                // AsterixDB names a dataset's primary index after the dataset.
                .sorted(Comparator.comparing((ResourceReference ref) -> !ref.getIndex().equals(ref.getDataset()))
                        .thenComparing(ResourceReference::getIndex)
                        .thenComparingInt(ResourceReference::getPartitionNum))
                .toList();
    }

    /**
     * Every index partition with its disk components in search order (newest first; a leveled index level by level),
     * each with its MBR (indexes that prune) and level (leveled indexes), and the index partition's read amplification
     * since it was opened.
     */
    static ObjectNode listing(String node, String dataverse, String dataset, List<OpenIndex> indexes) {
        List<IndexListing> listed = new ArrayList<>();
        for (OpenIndex open : indexes) {
            listed.add(indexListing(open));
        }
        return IntrospectionJson.toJson(new ComponentsListing(node, dataverse, dataset, listed));
    }

    /**
     * Counters an index does not keep are null: read amplification but for an index that prunes, pages read but for
     * the R-trees and organisations of spatial-lsm, activation scans but for a leveled R-tree, organisation counters
     * but for their organisations, kNN counters but for an index that answers kNN searches.
     */
    private static IndexListing indexListing(OpenIndex open) {
        ILSMIndex index = open.index();
        PrunedIndex pruned = PrunedIndex.of(index);
        long flushCount;
        List<ComponentListing> components = new ArrayList<>();
        ReadAmplification.Counts reads;
        OptionalLong pagesRead;
        OptionalLong scannedAtActivation;
        Optional<KnnCounters.Counts> knn;
        // The harness changes the component list under this lock: reading under it gives one consistent stack.
        synchronized (index.getOperationTracker()) {
            flushCount = FlushCount.of(index);
            for (ILSMDiskComponent component : index.getDiskComponents()) {
                components.add(componentListing(component, pruned));
            }
            reads = pruned == null ? null : pruned.readAmplification();
            pagesRead = SearchPageReads.pagesRead(index);
            scannedAtActivation = pruned == null ? OptionalLong.empty() : pruned.componentsScannedAtActivation();
            knn = pruned == null ? Optional.empty() : pruned.knnCounts();
        }
        return new IndexListing(open.where().index(), open.where().partition(), open.datasetId(),
                index.isPrimaryIndex(), flushCount, components, reads == null ? null : reads.searches(),
                reads == null ? null : reads.componentsOpened(), reads == null ? null : reads.componentsSkipped(),
                orNull(pagesRead), orNull(scannedAtActivation),
                SearchCounters.of(index).map(SearchCounters::toListing).orElse(null),
                GridSearchCounters.of(index).map(GridSearchCounters::toListing).orElse(null),
                knn.map(KnnCounters.Counts::searches).orElse(null),
                knn.map(KnnCounters.Counts::componentsOpened).orElse(null),
                knn.map(KnnCounters.Counts::componentsSkipped).orElse(null),
                knn.map(KnnCounters.Counts::entriesVisited).orElse(null));
    }

    private static ComponentListing componentListing(ILSMDiskComponent component, PrunedIndex pruned) {
        ComponentSnapshot snapshot = ComponentSnapshot.of(component);
        List<String> files = fileNames(component);
        OptionalInt level = pruned == null ? OptionalInt.empty() : pruned.level(component);
        return new ComponentListing(List.of(snapshot.firstSequence(), snapshot.lastSequence()),
                List.of(snapshot.minId(), snapshot.maxId()), snapshot.sizeBytes(),
                snapshot.tuples().isPresent() ? snapshot.tuples().getAsLong() : null, snapshot.merging(), files,
                pruned == null ? null : mbrListing(pruned, component),
                level.isPresent() ? level.getAsInt() : null); // no stack policy has levels
    }

    /**
     * Every entry of every disk component of the dataset's leveled R-tree partitions (other indexes are left out),
     * components in search order with their levels. Each partition is read under its operation tracker's lock, where
     * no component is installed or deleted: so its flushes' installs and new searches wait meanwhile, for as long as
     * reading its entries takes.
     */
    static ObjectNode entries(String node, String dataverse, String dataset, List<OpenIndex> indexes)
            throws HyracksDataException {
        List<EntriesListing.Index> listed = new ArrayList<>();
        for (OpenIndex open : indexes) {
            if (open.index() instanceof LeveledRTree leveled) {
                List<EntriesListing.Component> components = new ArrayList<>();
                synchronized (leveled.getOperationTracker()) {
                    for (ILSMDiskComponent component : leveled.getDiskComponents()) {
                        List<EntriesListing.Entry> entries = new ArrayList<>();
                        leveled.readEntries(component, (primaryKey, mbr, antiMatter) -> entries.add(
                                new EntriesListing.Entry(HexFormat.of().formatHex(primaryKey),
                                        Arrays.stream(mbr).boxed().toList(), antiMatter, null)));
                        components.add(new EntriesListing.Component(fileNames(component),
                                leveled.level(component).orElseThrow(), entries, null, null));
                    }
                }
                listed.add(new EntriesListing.Index(open.where().index(), open.where().partition(), components));
            }
            Optional<KeyRangeLevels> btree = KeyRangeLevels.of(open.index());
            if (btree.isPresent()) {
                listed.add(new EntriesListing.Index(open.where().index(), open.where().partition(),
                        btreeComponents(open.index(), btree.get())));
            }
        }
        return IntrospectionJson.toJson(new EntriesListing(node, dataverse, dataset, listed));
    }

    /** Every disk component of a leveled B-tree, with its entries' keys and the key range its manifest records. */
    private static List<EntriesListing.Component> btreeComponents(ILSMIndex index, KeyRangeLevels levels)
            throws HyracksDataException {
        List<EntriesListing.Component> components = new ArrayList<>();
        HexFormat hex = HexFormat.of();
        synchronized (index.getOperationTracker()) {
            for (ILSMDiskComponent component : index.getDiskComponents()) {
                List<EntriesListing.Entry> entries = new ArrayList<>();
                levels.readEntries(component, (key, antiMatter) -> {
                    List<String> fields = Arrays.stream(key).map(hex::formatHex).toList();
                    entries.add(new EntriesListing.Entry(String.join("", fields), List.of(), antiMatter, fields));
                });
                LeveledManifest.KeyBounds bounds = levels.keyBounds(component);
                components.add(new EntriesListing.Component(fileNames(component),
                        levels.level(component).orElseThrow(), entries, bounds == null ? null : bounds.min(),
                        bounds == null ? null : bounds.max()));
            }
        }
        return components;
    }

    /** Names only: the directory is the index partition's; a crash test checks what it owns. */
    private static List<String> fileNames(ILSMDiskComponent component) {
        return component.getLSMComponentPhysicalFiles().stream().map(f -> Path.of(f).getFileName().toString())
                .sorted().toList();
    }

    private static Long orNull(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : null;
    }

    /** Both corners empty for a component without entries; null for an index that does not prune by MBR. */
    private static MbrListing mbrListing(PrunedIndex index, ILSMDiskComponent component) {
        Optional<Box> bounds;
        try {
            bounds = index.mbr(component);
        } catch (HyracksDataException e) {
            throw new UncheckedIOException("cannot read the MBR of " + component.getLSMComponentPhysicalFiles() + ": "
                    + e.getMessage(), e);
        }
        if (bounds.isEmpty()) {
            return null;
        }
        Box mbr = bounds.get();
        List<Double> min = new ArrayList<>();
        List<Double> max = new ArrayList<>();
        for (int d = 0; !mbr.isEmpty() && d < mbr.dimensions(); d++) {
            min.add(mbr.min(d));
            max.add(mbr.max(d));
        }
        return new MbrListing(min, max);
    }
}
