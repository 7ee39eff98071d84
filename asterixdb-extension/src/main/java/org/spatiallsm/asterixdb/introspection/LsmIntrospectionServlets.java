package org.spatiallsm.asterixdb.introspection;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.apache.asterix.common.api.INcApplicationContext;
import org.apache.asterix.common.context.PrimaryIndexOperationTracker;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.http.api.IServletRequest;
import org.apache.hyracks.http.api.IServletResponse;
import org.apache.hyracks.http.server.AbstractServlet;
import org.apache.hyracks.http.server.HttpServer;
import org.apache.hyracks.http.server.utils.HttpUtil;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIOOperation.LSMIOOperationStatus;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.spatiallsm.asterixdb.introspection.OpenIndexes.OpenIndex;
import org.spatiallsm.introspection.IntrospectionJson;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * The LSM introspection endpoints each node controller adds to its API server (nc.api.port), for one dataset's index
 * partitions on that node:
 * <ul>
 * <li>{@code GET /spatial-lsm/components?dataverse=D&dataset=X}: the disk components, newest first;</li>
 * <li>{@code POST /spatial-lsm/flush} (form fields dataverse, dataset[, timeoutSeconds][, listing]): flushes the
 * dataset's memory components on this node, waits until the flushes are installed (at most timeoutSeconds, default
 * {@value #FLUSH_TIMEOUT_SECONDS}), then answers like {@code components}, or with {@code listing=false} only with
 * the number of flushes it waited for;</li>
 * <li>{@code GET /spatial-lsm/events?dataverse=D&dataset=X[&datasetId=N]}: the dataset's lines of this node's LSM
 * event files; with datasetId, only those of that incarnation of the name (Metadata.Dataset's DatasetId). A last
 * line {@code {"event": "lost", ...}} says how many of the dataset's events the files miss, if any;</li>
 * <li>{@code GET /spatial-lsm/entries?dataverse=D&dataset=X}: every entry of every disk component of the dataset's
 * leveled R-tree partitions, with the components' levels; each partition's flush installs and new searches wait
 * while it is read, so it is meant for tests and small data.</li>
 * </ul>
 * They share the API server's binding: AsterixDB 0.9.8 binds it, like the cluster controller's API server with its
 * own {@code /admin} endpoints, to every interface of the host, without authentication.
 */
public final class LsmIntrospectionServlets {

    public static final String COMPONENTS = "/spatial-lsm/components";
    public static final String FLUSH = "/spatial-lsm/flush";
    public static final String EVENTS = "/spatial-lsm/events";
    public static final String ENTRIES = "/spatial-lsm/entries";

    /**
     * Runs where a request does its slow part, with no lock of the dataset lifecycle manager held: a listing while it
     * holds the dataset's indexes, a flush while it waits for its flushes. A no-op; a test replaces it to hold a
     * request there and show that the node's queries and DDL go on meanwhile.
     */
    public static volatile Runnable slowPart = () -> {
    };

    private static final Logger LOGGER = LogManager.getLogger();
    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long a reader of the event file waits for events queued before its request to be written. */
    private static final long EVENTS_WRITE_WAIT_MILLIS = 5_000;
    /** How long a flush request waits for its flushes by default (form field timeoutSeconds). */
    static final long FLUSH_TIMEOUT_SECONDS = 300;

    private LsmIntrospectionServlets() {
    }

    public static void addTo(HttpServer server, INcApplicationContext appCtx) {
        server.addServlet(new Components(server.ctx(), appCtx));
        server.addServlet(new Flush(server.ctx(), appCtx));
        server.addServlet(new Events(server.ctx(), appCtx));
        server.addServlet(new Entries(server.ctx(), appCtx));
    }

    /** The dataverse and dataset a request names; a missing one is the client's error. */
    private record DatasetName(String dataverse, String dataset) {
        @Override
        public String toString() {
            return dataverse + "." + dataset;
        }

        static DatasetName of(IServletRequest request) throws Refused {
            String dataverse = request.getParameter("dataverse");
            String dataset = request.getParameter("dataset");
            if (dataverse == null || dataverse.isBlank() || dataset == null || dataset.isBlank()) {
                throw new Refused(HttpResponseStatus.BAD_REQUEST, "parameters 'dataverse' and 'dataset' are required");
            }
            return new DatasetName(dataverse, dataset);
        }
    }

    /** A request this endpoint or AsterixDB refuses, answered with {@code status} and a one-line message. */
    private static final class Refused extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient HttpResponseStatus status;

        Refused(HttpResponseStatus status, String message) {
            super(message);
            this.status = status;
        }
    }

    private abstract static class IntrospectionServlet extends AbstractServlet {
        final INcApplicationContext appCtx;

        IntrospectionServlet(ConcurrentMap<String, Object> ctx, INcApplicationContext appCtx, String path) {
            super(ctx, path);
            this.appCtx = appCtx;
        }

        String node() {
            return appCtx.getServiceContext().getNodeId();
        }

        /** Runs {@code use} on every index partition of the dataset on this node, each held open meanwhile. */
        <T> T withIndexes(DatasetName name, OpenIndexes.Use<T> use) throws Exception {
            return OpenIndexes.use(appCtx, name.dataverse(), name.dataset(), use);
        }

        void answer(IServletResponse response, IServletRequest request, Handler handler) throws IOException {
            try {
                DatasetName name = DatasetName.of(request);
                handler.handle(name, response);
            } catch (Refused e) {
                error(response, e.status, e.getMessage());
            } catch (UncheckedIOException e) {
                LOGGER.warn("{} failed", request.getHttpRequest().uri(), e);
                error(response, HttpResponseStatus.INTERNAL_SERVER_ERROR, e.getMessage());
            } catch (Exception e) {
                // The client sees one line; the node's log keeps where it came from.
                LOGGER.warn("{} failed", request.getHttpRequest().uri(), e);
                error(response, HttpResponseStatus.INTERNAL_SERVER_ERROR, e.toString());
            }
        }

        void json(IServletResponse response, JsonNode body) throws IOException {
            HttpUtil.setContentType(response, HttpUtil.ContentType.APPLICATION_JSON, StandardCharsets.UTF_8);
            response.setStatus(HttpResponseStatus.OK);
            response.writer().write(JSON.writeValueAsString(body));
        }

        private void error(IServletResponse response, HttpResponseStatus status, String message) throws IOException {
            HttpUtil.setContentType(response, HttpUtil.ContentType.APPLICATION_JSON, StandardCharsets.UTF_8);
            response.setStatus(status);
            response.writer().write(JSON.writeValueAsString(JsonNodeFactory.instance.objectNode()
                    .put("error", message == null ? status.reasonPhrase() : message)));
        }

        interface Handler {
            void handle(DatasetName name, IServletResponse response) throws Exception;
        }
    }

    private static final class Components extends IntrospectionServlet {
        Components(ConcurrentMap<String, Object> ctx, INcApplicationContext appCtx) {
            super(ctx, appCtx, COMPONENTS);
        }

        @Override
        protected void get(IServletRequest request, IServletResponse response) throws IOException {
            answer(response, request, (name, out) -> json(out, withIndexes(name, indexes -> {
                slowPart.run();
                return OpenIndexes.listing(node(), name.dataverse(), name.dataset(), indexes);
            })));
        }
    }

    private static final class Entries extends IntrospectionServlet {
        Entries(ConcurrentMap<String, Object> ctx, INcApplicationContext appCtx) {
            super(ctx, appCtx, ENTRIES);
        }

        @Override
        protected void get(IServletRequest request, IServletResponse response) throws IOException {
            answer(response, request, (name, out) -> json(out, withIndexes(name,
                    indexes -> OpenIndexes.entries(node(), name.dataverse(), name.dataset(), indexes))));
        }
    }

    private static final class Flush extends IntrospectionServlet {
        Flush(ConcurrentMap<String, Object> ctx, INcApplicationContext appCtx) {
            super(ctx, appCtx, FLUSH);
        }

        @Override
        protected void post(IServletRequest request, IServletResponse response) throws IOException {
            answer(response, request, (name, out) -> {
                long timeoutSeconds = timeoutSeconds(request);
                // Schedule with the indexes held, wait with nothing held: neither the lifecycle manager's lock (which
                // AsterixDB's synchronous flushDataset would keep while it waits) nor the indexes (a DROP meanwhile
                // waits for the flush in AsterixDB, as it does for any flush).
                boolean listing = listing(request);
                List<ILSMIOOperation> flushes = withIndexes(name, this::scheduleFlushes);
                slowPart.run();
                awaitAll(flushes, timeoutSeconds, name);
                if (listing) {
                    json(out, withIndexes(name,
                            indexes -> OpenIndexes.listing(node(), name.dataverse(), name.dataset(), indexes)));
                } else {
                    // A loader flushing after every batch needs no listing: building it costs time that grows with
                    // the component count, which a benchmark would count as ingestion.
                    json(out, JsonNodeFactory.instance.objectNode().put("node", node())
                            .put("dataverse", name.dataverse()).put("dataset", name.dataset())
                            .put("flushes", flushes.size()));
                }
            });
        }

        private List<ILSMIOOperation> scheduleFlushes(List<OpenIndex> indexes) throws Refused, HyracksDataException {
            // An index that was not open before has an empty memory component: AsterixDB skips its flush.
            for (int datasetId : indexes.stream().map(OpenIndex::datasetId).collect(Collectors.toSet())) {
                try {
                    // Asynchronous: schedules the flushes (returns once they are scheduled) and does not wait.
                    appCtx.getDatasetLifecycleManager().flushDataset(datasetId, true);
                } catch (IllegalStateException e) {
                    // AsterixDB refuses to flush a dataset while operations are active on it: try again later.
                    throw new Refused(HttpResponseStatus.CONFLICT, e.getMessage());
                }
            }
            // A partition's flushes, of all its indexes, are scheduled by its primary index's operation tracker.
            List<ILSMIOOperation> flushes = new ArrayList<>();
            indexes.stream().map(open -> open.index().getOperationTracker()).distinct()
                    .filter(PrimaryIndexOperationTracker.class::isInstance)
                    .forEach(tracker -> flushes.addAll(((PrimaryIndexOperationTracker) tracker).getScheduledFlushes()));
            return flushes;
        }

        /**
         * Waits until every flush is installed; a flush completes only once the merge policy no longer says merges
         * are lagging, so under a merge backlog this can take long: bounded by the request's timeout.
         */
        private void awaitAll(List<ILSMIOOperation> flushes, long timeoutSeconds, DatasetName name)
                throws Refused, InterruptedException {
            CountDownLatch done = new CountDownLatch(flushes.size());
            flushes.forEach(flush -> flush.addCompleteListener(completed -> done.countDown()));
            if (!done.await(timeoutSeconds, TimeUnit.SECONDS)) {
                throw new Refused(HttpResponseStatus.SERVICE_UNAVAILABLE, "the flush of " + name + " on node "
                        + node() + " did not finish within " + timeoutSeconds + " s (the merge policy holds flushes "
                        + "while merges lag behind); it goes on in the background: try again later, or allow more "
                        + "with timeoutSeconds");
            }
            for (ILSMIOOperation flush : flushes) {
                if (flush.getStatus() == LSMIOOperationStatus.FAILURE) {
                    throw new Refused(HttpResponseStatus.INTERNAL_SERVER_ERROR, "the flush of "
                            + flush.getIndexIdentifier() + " failed: " + flush.getFailure());
                }
            }
        }

        private static boolean listing(IServletRequest request) throws Refused {
            String value = request.getParameter("listing");
            if (value == null || value.isBlank() || value.trim().equals("true")) {
                return true;
            }
            if (value.trim().equals("false")) {
                return false;
            }
            throw new Refused(HttpResponseStatus.BAD_REQUEST, "listing must be true or false, not '" + value + "'");
        }

        private static long timeoutSeconds(IServletRequest request) throws Refused {
            String value = request.getParameter("timeoutSeconds");
            if (value == null || value.isBlank()) {
                return FLUSH_TIMEOUT_SECONDS;
            }
            try {
                long seconds = Long.parseLong(value.trim());
                if (seconds > 0) {
                    return seconds;
                }
            } catch (NumberFormatException e) {
                // answered below
            }
            throw new Refused(HttpResponseStatus.BAD_REQUEST, "timeoutSeconds must be a positive whole number of "
                    + "seconds, not '" + value + "'");
        }
    }

    private static final class Events extends IntrospectionServlet {
        Events(ConcurrentMap<String, Object> ctx, INcApplicationContext appCtx) {
            super(ctx, appCtx, EVENTS);
        }

        @Override
        protected void get(IServletRequest request, IServletResponse response) throws IOException {
            answer(response, request, (name, out) -> {
                Integer datasetId = datasetId(request);
                LsmEventLog log = LsmEventLog.of(appCtx.getServiceContext());
                try {
                    log.awaitWritten(EVENTS_WRITE_WAIT_MILLIS);
                } catch (LsmEventLog.WriterBehindException e) {
                    throw new Refused(HttpResponseStatus.SERVICE_UNAVAILABLE, "node " + node() + ": "
                            + e.getMessage());
                }
                LsmEventFile.Lines lines = log.lines(name.dataverse(), name.dataset(), datasetId);
                LsmEventLog.Lost lost = log.lost(name.dataverse(), name.dataset(), datasetId);
                HttpUtil.setContentType(out, "application/x-ndjson", StandardCharsets.UTF_8);
                out.setStatus(HttpResponseStatus.OK);
                PrintWriter writer = out.writer();
                lines.lines().forEach(writer::println);
                if (lost.total() > 0 || lines.olderLinesRotatedAway()) {
                    writer.println(IntrospectionJson.line(lost.report(node(), lines.olderLinesRotatedAway())));
                }
            });
        }

        private static Integer datasetId(IServletRequest request) throws Refused {
            String value = request.getParameter("datasetId");
            if (value == null) {
                return null;
            }
            try {
                return Integer.valueOf(value.trim());
            } catch (NumberFormatException e) {
                throw new Refused(HttpResponseStatus.BAD_REQUEST, "datasetId must be a whole number, not '" + value
                        + "'");
            }
        }
    }
}
