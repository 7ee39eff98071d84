package org.spatiallsm.experiment;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.load.Catalog;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Sqlpp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** The cluster an experiment runs on, and the scratch dataverse its datasets live in. */
public final class ClusterSession {

    /** A flush waits for lagging merges, and a settle for every merge: give them room. */
    public static final Duration LSM_TIMEOUT = Duration.ofMinutes(30);
    private static final Duration SETTLE_TIMEOUT = Duration.ofMinutes(30);
    private static final Pattern BYTES = Pattern.compile("([0-9]+)\\s*([kmgt]?)b?", Pattern.CASE_INSENSITIVE);

    private final QueryServiceClient client;
    private final LsmIntrospectionClient lsm;
    private final String dataverse;

    public ClusterSession(QueryServiceClient client, String dataverse) {
        this.client = client;
        this.lsm = new LsmIntrospectionClient(client, LSM_TIMEOUT);
        this.dataverse = dataverse;
    }

    public QueryServiceClient client() {
        return client;
    }

    public LsmIntrospectionClient lsm() {
        return lsm;
    }

    public String dataverse() {
        return dataverse;
    }

    /** @param fresh drop what an earlier run left (a resumed run keeps the dataverse) */
    public void createDataverse(boolean fresh) {
        String name = Sqlpp.identifier(dataverse);
        if (fresh) {
            dropFeeds("");
        }
        client.executeOrThrow(fresh ? "DROP DATAVERSE " + name + " IF EXISTS; CREATE DATAVERSE " + name + ";"
                : "CREATE DATAVERSE " + name + " IF NOT EXISTS;");
    }

    public void dropDataverse() {
        client.executeOrThrow("DROP DATAVERSE " + Sqlpp.identifier(dataverse) + " IF EXISTS;");
    }

    public DatasetName dataset(Configuration configuration) {
        return new DatasetName(dataverse, configuration.datasetName());
    }

    /**
     * Drops the dataset, and first the feeds into it that an interrupted run left behind: a dataset (or dataverse) a
     * feed is connected to cannot be dropped.
     */
    public void dropDataset(DatasetName dataset) {
        dropFeeds(" AND c.DatasetName = " + Sqlpp.string(dataset.dataset()));
        client.executeOrThrow("DROP DATASET " + dataset.sql() + " IF EXISTS;");
    }

    /** Stops and drops the feeds connected to datasets of the dataverse, those {@code condition} selects. */
    private void dropFeeds(String condition) {
        Catalog catalog = new Catalog(client);
        for (JsonNode feed : client.executeOrThrow("SELECT DISTINCT VALUE c.FeedName FROM Metadata.`FeedConnection` c "
                + "WHERE c.DataverseName = " + Sqlpp.string(dataverse) + condition + ";").results()) {
            String name = Sqlpp.identifier(dataverse) + "." + Sqlpp.identifier(feed.asText());
            if (catalog.runningFeed(dataverse, feed.asText()).isPresent()) {
                client.executeOrThrow("STOP FEED " + name + ";");
            }
            client.executeOrThrow("DROP FEED " + name + ";");
        }
    }

    /** Waits until no component of the dataset is merging; returns how long that took in seconds. */
    public static double settle(LsmIntrospectionClient lsm, DatasetName dataset) throws InterruptedException {
        long start = System.nanoTime();
        while (lsm.components(dataset.dataverse(), dataset.dataset()).stream().anyMatch(IndexComponents::anyMerging)) {
            if (System.nanoTime() - start > SETTLE_TIMEOUT.toNanos()) {
                throw new IllegalStateException("merges of " + dataset + " still run after " + SETTLE_TIMEOUT);
            }
            Thread.sleep(50);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    /**
     * run.json's "cluster": the endpoint, the node count, and the first node's buffer cache and memory-component
     * budget ({@code storage.buffercache.size}, {@code storage.memorycomponent.globalbudget}; null when the node
     * does not say). "partitions" is filled in once a dataset exists.
     */
    public ObjectNode describe() {
        ObjectNode cluster = JsonNodeFactory.instance.objectNode();
        cluster.put("endpoint", client.endpoint().toString());
        List<LsmIntrospectionClient.Node> nodes = lsm.nodes();
        cluster.put("nodes", nodes.size());
        cluster.putNull("partitions");
        JsonNode config = client.adminJson("/admin/cluster/node/" + nodes.get(0).id() + "/config");
        putBytes(cluster, "bufferCacheBytes", setting(config, "storage.buffercache.size"));
        putBytes(cluster, "memoryComponentBytes", setting(config, "storage.memorycomponent.globalbudget"));
        return cluster;
    }

    /** Index partitions of the dataset over all nodes (of its primary index). */
    public int partitions(DatasetName dataset) {
        Set<String> partitions = new HashSet<>();
        for (IndexComponents index : lsm.components(dataset.dataverse(), dataset.dataset())) {
            if (index.primary()) {
                partitions.add(index.node() + "/" + index.where().partition());
            }
        }
        return partitions.size();
    }

    private static void putBytes(ObjectNode json, String field, OptionalLong bytes) {
        if (bytes.isPresent()) {
            json.put(field, bytes.getAsLong());
        } else {
            json.putNull(field);
        }
    }

    /** A node setting in any section of {"config": [{"section", "properties"}]}, as bytes. */
    private static OptionalLong setting(JsonNode nodeConfig, String name) {
        for (JsonNode section : nodeConfig.path("config")) {
            JsonNode value = section.path("properties").path(name);
            if (value.isNumber()) {
                return OptionalLong.of(value.asLong());
            }
            if (value.isTextual()) {
                return bytes(value.asText());
            }
        }
        return OptionalLong.empty();
    }

    /** "67108864", "64MB" or "64m" as bytes; empty if it is none of these. */
    static OptionalLong bytes(String text) {
        Matcher matcher = BYTES.matcher(text.strip());
        if (!matcher.matches()) {
            return OptionalLong.empty();
        }
        int shift = switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        return OptionalLong.of(Long.parseLong(matcher.group(1)) << shift);
    }
}
