package org.spatiallsm.asterixdb.app;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentMap;

import org.apache.asterix.api.http.server.RebalanceApiServlet;
import org.apache.asterix.api.http.server.ServletUtil;
import org.apache.asterix.common.dataflow.ICcApplicationContext;
import org.apache.asterix.common.metadata.DataverseName;
import org.apache.asterix.metadata.MetadataManager;
import org.apache.asterix.metadata.MetadataTransactionContext;
import org.apache.asterix.metadata.declared.MetadataProvider;
import org.apache.asterix.metadata.entities.Dataset;
import org.apache.asterix.metadata.entities.Dataverse;
import org.apache.asterix.metadata.utils.MetadataConstants;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.http.api.IServletRequest;
import org.apache.hyracks.http.api.IServletResponse;
import org.apache.hyracks.http.server.utils.HttpUtil;
import org.spatiallsm.asterixdb.metadata.SpatialDataset;

import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * AsterixDB's {@code POST /admin/rebalance}, asking first whether every dataset it would move may be moved
 * ({@link SpatialDataset#rebalanceRefusal()}). The stock servlet suspends every active feed before it reaches the
 * dataset's own refusal, and a feed that cannot be suspended halts the cluster controller; a request refused here
 * suspends nothing. A request naming no dataset is refused as a whole, so that none of its datasets is moved.
 * Malformed requests, and everything not refused, are answered by the stock servlet.
 */
public class SpatialRebalanceServlet extends RebalanceApiServlet {

    private final ICcApplicationContext appCtx;

    public SpatialRebalanceServlet(ConcurrentMap<String, Object> ctx, String[] paths, ICcApplicationContext appCtx) {
        super(ctx, paths, appCtx);
        this.appCtx = appCtx;
    }

    @Override
    protected void post(IServletRequest request, IServletResponse response) {
        Optional<String> refusal;
        try {
            refusal = refusal(request);
        } catch (Exception e) {
            refusal = Optional.of("cannot check the datasets to rebalance: " + e.getMessage());
        }
        if (refusal.isEmpty()) {
            super.post(request, response);
            return;
        }
        try {
            HttpUtil.setContentType(response, HttpUtil.ContentType.APPLICATION_JSON, request);
        } catch (IOException e) {
            // The answer still goes out, only without its content type.
        }
        response.setStatus(HttpResponseStatus.INTERNAL_SERVER_ERROR);
        response.writer().write(OBJECT_MAPPER.createObjectNode().put("results", refusal.get()).toString());
    }

    /** The first refusal among the datasets the request would move; empty when the stock servlet should answer. */
    private Optional<String> refusal(IServletRequest request) throws Exception {
        DataverseName dataverse;
        try {
            dataverse = ServletUtil.getDataverseName(request, "dataverseName");
        } catch (AlgebricksException e) {
            return Optional.empty();
        }
        String datasetName = request.getParameter("datasetName");
        if (dataverse == null && datasetName != null || MetadataConstants.METADATA_DATAVERSE_NAME.equals(dataverse)) {
            return Optional.empty();
        }
        MetadataProvider provider = MetadataProvider.create(appCtx, null);
        MetadataTransactionContext tx = MetadataManager.INSTANCE.beginTransaction();
        provider.setMetadataTxnContext(tx);
        try {
            for (Dataset listed : datasets(tx, dataverse, datasetName)) {
                // The provider hands out the datasets spatial-lsm manages as SpatialDatasets.
                Dataset dataset = provider.findDataset(listed.getDataverseName(), listed.getDatasetName());
                if (dataset instanceof SpatialDataset spatial) {
                    Optional<String> refusal = spatial.rebalanceRefusal();
                    if (refusal.isPresent()) {
                        return refusal;
                    }
                }
            }
            return Optional.empty();
        } finally {
            MetadataManager.INSTANCE.commitTransaction(tx);
            provider.getLocks().unlock();
        }
    }

    /** The named dataset, or every dataset of the dataverse, or of every user dataverse when none is named. */
    private static List<Dataset> datasets(MetadataTransactionContext tx, DataverseName dataverse, String datasetName)
            throws AlgebricksException {
        if (datasetName != null) {
            Dataset dataset = MetadataManager.INSTANCE.getDataset(tx, dataverse, datasetName);
            return dataset == null ? List.of() : List.of(dataset);
        }
        if (dataverse != null) {
            return MetadataManager.INSTANCE.getDataverseDatasets(tx, dataverse);
        }
        List<Dataset> all = new ArrayList<>();
        for (Dataverse each : MetadataManager.INSTANCE.getDataverses(tx)) {
            if (!MetadataConstants.METADATA_DATAVERSE_NAME.equals(each.getDataverseName())) {
                all.addAll(MetadataManager.INSTANCE.getDataverseDatasets(tx, each.getDataverseName()));
            }
        }
        return all;
    }
}
