package org.spatiallsm.load;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.spatiallsm.client.QueryServiceClient;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;

/** What the cluster knows about datasets, types and feeds, read over HTTP from the Metadata dataverse. */
public final class Catalog {

    /** A declared field of a record type: its type name (a generated name for nested types) and optionality. */
    public record FieldType(String type, boolean optional) {
    }

    /** A dataset's record type as declared. */
    public record DatasetType(String typeName, boolean open, List<String> primaryKey, Map<String, FieldType> fields) {
    }

    /** A feed's adapter configuration and where it is connected. */
    public record Feed(Map<String, String> config, List<String> connectedDatasets, List<String> appliedFunctions) {

        public FeedMode mode() {
            return "true".equalsIgnoreCase(config.get("insert-feed")) ? FeedMode.INSERT : FeedMode.UPSERT;
        }
    }

    /** A running feed's adapter counters (since it was started), from {@code /admin/active}. */
    public record FeedStats(long incoming, long failedAtParser) {

        /** The counters of two runs of a feed together. */
        public FeedStats plus(FeedStats other) {
            return new FeedStats(incoming + other.incoming, failedAtParser + other.failedAtParser);
        }
    }

    private final QueryServiceClient client;

    public Catalog(QueryServiceClient client) {
        this.client = client;
    }

    public QueryServiceClient client() {
        return client;
    }

    public Optional<DatasetType> datasetType(DatasetName name) {
        List<JsonNode> datasets = client.executeOrThrow("SELECT VALUE d FROM Metadata.`Dataset` d WHERE "
                + "d.DataverseName = " + Sqlpp.string(name.dataverse()) + " AND d.DatasetName = "
                + Sqlpp.string(name.dataset()) + ";").results();
        if (datasets.isEmpty()) {
            return Optional.empty();
        }
        JsonNode dataset = datasets.get(0);
        List<String> key = new ArrayList<>();
        dataset.path("InternalDetails").path("PrimaryKey").forEach(path -> key.add(dotted(path)));
        String typeDataverse = dataset.path("DatatypeDataverseName").asText();
        String typeName = dataset.path("DatatypeName").asText();
        Map<String, JsonNode> types = new HashMap<>();
        for (JsonNode type : client.executeOrThrow("SELECT VALUE t FROM Metadata.`Datatype` t WHERE "
                + "t.DataverseName = " + Sqlpp.string(typeDataverse) + ";").results()) {
            types.put(type.path("DatatypeName").asText(), type);
        }
        JsonNode record = types.getOrDefault(typeName, MissingNode.getInstance()).path("Derived").path("Record");
        Map<String, FieldType> fields = new LinkedHashMap<>();
        for (JsonNode field : record.path("Fields")) {
            fields.put(field.path("FieldName").asText(), new FieldType(field.path("FieldType").asText(),
                    field.path("IsNullable").asBoolean() || field.path("IsMissable").asBoolean()));
        }
        return Optional.of(new DatasetType(typeName, record.path("IsOpen").asBoolean(true), key, fields));
    }

    public Optional<Feed> feed(String dataverse, String feedName) {
        List<JsonNode> feeds = client.executeOrThrow("SELECT VALUE f FROM Metadata.`Feed` f WHERE f.DataverseName = "
                + Sqlpp.string(dataverse) + " AND f.FeedName = " + Sqlpp.string(feedName) + ";").results();
        if (feeds.isEmpty()) {
            return Optional.empty();
        }
        Map<String, String> config = new LinkedHashMap<>();
        feeds.get(0).path("AdapterConfiguration")
                .forEach(entry -> config.put(entry.path("Name").asText(), entry.path("Value").asText()));
        List<String> datasets = new ArrayList<>();
        List<String> functions = new ArrayList<>();
        for (JsonNode connection : client.executeOrThrow("SELECT VALUE c FROM Metadata.`FeedConnection` c WHERE "
                + "c.DataverseName = " + Sqlpp.string(dataverse) + " AND c.FeedName = " + Sqlpp.string(feedName)
                + ";").results()) {
            datasets.add(connection.path("DatasetName").asText());
            connection.path("AppliedFunctions").forEach(f -> functions.add(f.isTextual() ? f.asText() : f.toString()));
        }
        return Optional.of(new Feed(config, datasets, functions));
    }

    /** The counters of a running feed; empty when the feed is not running. */
    public Optional<FeedStats> runningFeed(String dataverse, String feedName) {
        JsonNode entry = client.adminJson("/admin/active").path(dataverse + "." + feedName + "(Feed)");
        if (entry.isMissingNode()) {
            return Optional.empty();
        }
        long incoming = 0;
        long failed = 0;
        for (JsonNode partition : entry.path("Stats")) {
            incoming += partition.path("adapter-stats").path("incoming-records-count").asLong();
            failed += partition.path("adapter-stats").path("failed-at-parser-records-count").asLong();
        }
        return Optional.of(new FeedStats(incoming, failed));
    }

    public long count(DatasetName dataset) {
        return client.executeOrThrow("SELECT VALUE COUNT(*) FROM " + dataset.sql() + ";").results().get(0).asLong();
    }

    /** Records whose int64 key lies in [from, to). */
    public long countIds(DatasetName dataset, String idField, long from, long to) {
        String id = "t." + Sqlpp.identifier(idField);
        return client.executeOrThrow("SELECT VALUE COUNT(*) FROM " + dataset.sql() + " AS t WHERE " + id + " >= "
                + from + " AND " + id + " < " + to + ";").results().get(0).asLong();
    }

    /** The int64 keys in [from, to) that the dataset holds, ascending. */
    public long[] ids(DatasetName dataset, String idField, long from, long to) {
        String id = "t." + Sqlpp.identifier(idField);
        return client.executeOrThrow("SELECT VALUE " + id + " FROM " + dataset.sql() + " AS t WHERE " + id + " >= "
                + from + " AND " + id + " < " + to + " ORDER BY " + id + ";").results().stream()
                .mapToLong(JsonNode::asLong).toArray();
    }

    /** The node controllers' storage directories, by node id, as their configuration states them. */
    public Map<String, List<String>> ioDevices() {
        Map<String, List<String>> devices = new LinkedHashMap<>();
        for (JsonNode nc : client.adminJson("/admin/cluster").path("ncs")) {
            String node = nc.path("node_id").asText();
            List<String> paths = new ArrayList<>();
            client.adminJson("/admin/cluster/node/" + node + "/config").path("iodevices")
                    .forEach(p -> paths.add(p.asText()));
            devices.put(node, paths);
        }
        return devices;
    }

    private static String dotted(JsonNode path) {
        List<String> parts = new ArrayList<>();
        path.forEach(p -> parts.add(p.asText()));
        return String.join(".", parts);
    }
}
