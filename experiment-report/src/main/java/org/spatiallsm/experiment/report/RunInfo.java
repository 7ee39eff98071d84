package org.spatiallsm.experiment.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/** The environment and design of one run, as its {@code run.json} states them. Absent fields read as empty. */
public record RunInfo(String study, String title, String scale, String startedAt, String finishedAt, String commit,
        Map<String, String> machine, Map<String, String> cluster, Map<String, String> parameters,
        List<String> changedParameters, List<Configuration> configurations, List<IndexVsCache> indexVsCache,
        List<PublishedValue> published) {

    /** One configuration of the study; its CSVs are in the run folder's subfolder named {@code id}. */
    public record Configuration(String id, String label, boolean complete) {
    }

    /** How large an index grew against the buffer cache: above 1 the searches had to read from disk. */
    public record IndexVsCache(String configuration, String index, long indexBytes, long cacheBytes) {
    }

    /** A value the published study reports, to be marked on the plot with the same id. */
    public record PublishedValue(String plot, String configuration, double x, double y, String label,
            String source) {
    }

    public static final String FILE_NAME = "run.json";

    /** Reads {@code run.json} of a run folder. */
    public static RunInfo read(Path runFolder) {
        Path file = runFolder.resolve(FILE_NAME);
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new ReportException(file + " does not exist: " + runFolder + " is not an experiment run folder");
        } catch (JsonProcessingException e) {
            throw new ReportException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new ReportException("cannot read " + file + ": " + e.getMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new ReportException(file + " does not hold a JSON object");
        }
        List<Configuration> configurations = new ArrayList<>();
        for (JsonNode c : root.path("configurations")) {
            String id = c.path("id").asText("");
            if (id.isEmpty()) {
                throw new ReportException(file + ": a configuration has no id");
            }
            configurations.add(new Configuration(id, c.path("label").asText(id), c.path("complete").asBoolean()));
        }
        List<IndexVsCache> indexVsCache = new ArrayList<>();
        for (JsonNode i : root.path("indexVsCache")) {
            indexVsCache.add(new IndexVsCache(i.path("configuration").asText(), i.path("index").asText(),
                    i.path("indexBytes").asLong(), i.path("cacheBytes").asLong()));
        }
        List<PublishedValue> published = new ArrayList<>();
        for (JsonNode p : root.path("published")) {
            published.add(new PublishedValue(p.path("plot").asText(), p.path("configuration").asText(),
                    p.path("x").asDouble(), p.path("y").asDouble(), p.path("label").asText(),
                    p.path("source").asText()));
        }
        List<String> changed = new ArrayList<>();
        root.path("changedParameters").forEach(n -> changed.add(n.asText()));
        return new RunInfo(text(root, "study"), text(root, "title"), text(root, "scale"), text(root, "startedAt"),
                text(root, "finishedAt"), text(root, "commit"), flatten(root.path("machine")),
                flatten(root.path("cluster")), flatten(root.path("parameters")), List.copyOf(changed),
                List.copyOf(configurations), List.copyOf(indexVsCache), List.copyOf(published));
    }

    private static String text(JsonNode root, String field) {
        JsonNode node = root.path(field);
        return node.isValueNode() && !node.isNull() ? node.asText() : "";
    }

    /** An object's fields in file order, each value as text (nested values as their JSON). */
    private static Map<String, String> flatten(JsonNode object) {
        Map<String, String> result = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            JsonNode value = field.getValue();
            result.put(field.getKey(), value.isValueNode() ? (value.isNull() ? "" : value.asText()) : value.toString());
        }
        return result;
    }
}
