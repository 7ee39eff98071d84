package org.spatiallsm.asterixdb.introspection;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ConcurrentMap;
import java.util.stream.Collectors;

import org.apache.asterix.common.api.INcApplicationContext;
import org.apache.hyracks.http.api.IServletRequest;
import org.apache.hyracks.http.api.IServletResponse;
import org.apache.hyracks.http.server.AbstractServlet;
import org.apache.hyracks.http.server.HttpServer;
import org.apache.hyracks.http.server.utils.HttpUtil;
import org.spatiallsm.asterixdb.introspection.OpenIndexes.OpenIndex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;

import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * The LSM introspection endpoints each node controller adds to its API server (nc.api.port), for one dataset's index
 * partitions on that node:
 * <ul>
 * <li>{@code GET /spatial-lsm/components?dataverse=D&dataset=X}: the disk components, newest first;</li>
 * <li>{@code POST /spatial-lsm/flush} (form fields dataverse, dataset): flushes the dataset's memory components on
 * this node, waits until the flushes are installed, then answers like {@code components};</li>
 * <li>{@code GET /spatial-lsm/events?dataverse=D&dataset=X[&datasetId=N]}: the dataset's lines of this node's LSM
 * event file; with datasetId, only those of that incarnation of the name (Metadata.Dataset's DatasetId).</li>
 * </ul>
 */
public final class LsmIntrospectionServlets {

    public static final String COMPONENTS = "/spatial-lsm/components";
    public static final String FLUSH = "/spatial-lsm/flush";
    public static final String EVENTS = "/spatial-lsm/events";

    private static final ObjectMapper JSON = new ObjectMapper();
    /** How long a reader of the event file waits for events queued before its request to be written. */
    private static final long EVENTS_WRITE_WAIT_MILLIS = 5_000;

    private LsmIntrospectionServlets() {
    }

    public static void addTo(HttpServer server, INcApplicationContext appCtx) {
        server.addServlet(new Components(server.ctx(), appCtx));
        server.addServlet(new Flush(server.ctx(), appCtx));
        server.addServlet(new Events(server.ctx(), appCtx));
    }

    /** The dataverse and dataset a request names; a missing one is the client's error. */
    private record DatasetName(String dataverse, String dataset) {
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
            } catch (Exception e) {
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
            answer(response, request, (name, out) -> json(out, withIndexes(name,
                    indexes -> OpenIndexes.listing(node(), name.dataverse(), name.dataset(), indexes))));
        }
    }

    private static final class Flush extends IntrospectionServlet {
        Flush(ConcurrentMap<String, Object> ctx, INcApplicationContext appCtx) {
            super(ctx, appCtx, FLUSH);
        }

        @Override
        protected void post(IServletRequest request, IServletResponse response) throws IOException {
            answer(response, request, (name, out) -> json(out, withIndexes(name, indexes -> {
                // An index that was not open before has an empty memory component: AsterixDB skips its flush.
                for (int datasetId : indexes.stream().map(OpenIndex::datasetId).collect(Collectors.toSet())) {
                    try {
                        // Synchronous: returns once every flush is installed and the merge policy has seen it.
                        appCtx.getDatasetLifecycleManager().flushDataset(datasetId, false);
                    } catch (IllegalStateException e) {
                        // AsterixDB refuses to flush a dataset while operations are active on it: try again later.
                        throw new Refused(HttpResponseStatus.CONFLICT, e.getMessage());
                    }
                }
                return OpenIndexes.listing(node(), name.dataverse(), name.dataset(), indexes);
            })));
        }
    }

    private static final class Events extends IntrospectionServlet {
        Events(ConcurrentMap<String, Object> ctx, INcApplicationContext appCtx) {
            super(ctx, appCtx, EVENTS);
        }

        @Override
        protected void get(IServletRequest request, IServletResponse response) throws IOException {
            answer(response, request, (name, out) -> {
                LsmEventLog log = LsmEventLog.of(appCtx.getServiceContext());
                log.awaitWritten(EVENTS_WRITE_WAIT_MILLIS);
                HttpUtil.setContentType(out, "application/x-ndjson", StandardCharsets.UTF_8);
                out.setStatus(HttpResponseStatus.OK);
                PrintWriter writer = out.writer();
                Path file = log.file();
                if (!Files.exists(file)) {
                    return;
                }
                String datasetId = request.getParameter("datasetId");
                try (BufferedReader lines = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                    for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                        if (belongsTo(line, name, datasetId)) {
                            writer.println(line);
                        }
                    }
                }
            });
        }

        /** A line the writer is still appending does not parse yet; it belongs to the next request. */
        private static boolean belongsTo(String line, DatasetName name, String datasetId) {
            try {
                JsonNode event = JSON.readTree(line);
                return name.dataverse().equals(event.path("dataverse").asText())
                        && name.dataset().equals(event.path("dataset").asText())
                        && (datasetId == null || datasetId.equals(event.path("datasetId").asText()));
            } catch (IOException e) {
                return false;
            }
        }
    }
}
