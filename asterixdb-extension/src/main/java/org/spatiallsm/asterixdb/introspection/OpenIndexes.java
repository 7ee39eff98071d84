package org.spatiallsm.asterixdb.introspection;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
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
import org.spatiallsm.asterixdb.pagereads.SearchPageReads;
import org.spatiallsm.partitioning.pruning.Box;
import org.spatiallsm.partitioning.pruning.ReadAmplification;
import org.spatiallsm.asterixdb.organisation.grid.GridSearchCounters;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
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
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        json.put("node", node);
        json.put("dataverse", dataverse);
        json.put("dataset", dataset);
        ArrayNode array = json.putArray("indexes");
        for (OpenIndex open : indexes) {
            ObjectNode entry = array.addObject();
            entry.put("index", open.where().index());
            entry.put("partition", open.where().partition());
            entry.put("datasetId", open.datasetId());
            entry.put("primary", open.index().isPrimaryIndex());
            // The harness changes the component list under this lock: reading under it gives one consistent stack.
            synchronized (open.index().getOperationTracker()) {
                entry.put("flushCount", FlushCount.of(open.index()));
                PrunedIndex pruned = open.index() instanceof PrunedIndex p ? p : null;
                ArrayNode stack = entry.putArray("components");
                for (ILSMDiskComponent component : open.index().getDiskComponents()) {
                    ObjectNode listed = ComponentSnapshot.of(component).toJson();
                    ArrayNode files = listed.putArray("files");
                    // Names only: the directory is the index partition's; a crash test checks what it owns.
                    component.getLSMComponentPhysicalFiles().stream().map(f -> Path.of(f).getFileName().toString())
                            .sorted().forEach(files::add);
                    listed.set("mbr", pruned == null ? NullNode.instance : mbrJson(pruned, component));
                    OptionalInt level = pruned == null ? OptionalInt.empty() : pruned.level(component);
                    if (level.isPresent()) {
                        listed.put("level", level.getAsInt());
                    } else {
                        listed.putNull("level"); // no stack policy has levels
                    }
                    stack.add(listed);
                }
                readAmplification(entry, open.index(), pruned);
                activationScans(entry, pruned);
            }
            SearchCounters.of(open.index()).ifPresent(counters -> counters.writeTo(entry.putObject("skipScan")));
            GridSearchCounters.of(open.index()).ifPresent(counters -> counters.writeTo(entry.putObject("grid")));
        }
        return json;
    }

    /**
     * Per index partition; null for an index that does not prune (counts nothing), and {@code pagesRead} null for an
     * index whose searches' page reads are not counted.
     */
    private static void readAmplification(ObjectNode entry, ILSMIndex index, PrunedIndex pruned) {
        OptionalLong pagesRead = SearchPageReads.pagesRead(index);
        if (pagesRead.isPresent()) {
            entry.put("pagesRead", pagesRead.getAsLong());
        } else {
            entry.putNull("pagesRead");
        }
        if (pruned == null) {
            entry.putNull("searches");
            entry.putNull("componentsOpened");
            entry.putNull("componentsSkipped");
            return;
        }
        ReadAmplification.Counts counts = pruned.readAmplification();
        entry.put("searches", counts.searches());
        entry.put("componentsOpened", counts.componentsOpened());
        entry.put("componentsSkipped", counts.componentsSkipped());
    }

    /** Only a leveled R-tree has it; null for every other index. */
    private static void activationScans(ObjectNode entry, PrunedIndex pruned) {
        OptionalLong scanned = pruned == null ? OptionalLong.empty() : pruned.componentsScannedAtActivation();
        if (scanned.isPresent()) {
            entry.put("componentsScannedAtActivation", scanned.getAsLong());
        } else {
            entry.putNull("componentsScannedAtActivation");
        }
    }

    /** {@code {"min": [...], "max": [...]}}, both empty for a component without entries. */
    private static ObjectNode mbrJson(PrunedIndex index, ILSMDiskComponent component) {
        Box mbr;
        try {
            mbr = index.mbr(component);
        } catch (HyracksDataException e) {
            throw new UncheckedIOException("cannot read the MBR of " + component.getLSMComponentPhysicalFiles() + ": "
                    + e.getMessage(), e);
        }
        ObjectNode json = JsonNodeFactory.instance.objectNode();
        ArrayNode min = json.putArray("min");
        ArrayNode max = json.putArray("max");
        for (int d = 0; !mbr.isEmpty() && d < mbr.dimensions(); d++) {
            min.add(mbr.min(d));
            max.add(mbr.max(d));
        }
        return json;
    }
}
