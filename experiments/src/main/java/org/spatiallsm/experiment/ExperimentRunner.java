package org.spatiallsm.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.load.DatasetName;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * Runs a study's configurations one after another into a run folder: run.json first (and again after every
 * configuration), each configuration's CSVs, its complete.json last. With resume, the newest run folder of the study
 * is continued: finished configurations are skipped, a partial one is redone.
 */
public final class ExperimentRunner {

    /** Every study has it: whether the configurations' datasets stay in the scratch dataverse after the run. */
    public static final String KEEP = "keep";

    private final QueryServiceClient client;
    private final PrintStream log;

    /** @param log where the progress lines go */
    public ExperimentRunner(QueryServiceClient client, PrintStream log) {
        this.client = client;
        this.log = log;
    }

    /** The preset of {@code study} at {@code scale} and the knobs every study has. */
    public static Map<String, String> preset(Study study, Scale scale) {
        Map<String, String> preset = new LinkedHashMap<>(study.preset(scale));
        preset.put(KEEP, "false");
        return preset;
    }

    /** The scratch dataverse of a study's runs: one per study, so two studies never drop each other's data. */
    public static String dataverse(Study study) {
        return "SpatialLsmExperiment_" + study.name().replace('-', '_');
    }

    /**
     * @param overrides {@code NAME=VALUE} each
     * @return the run folder, complete
     */
    public RunFolder run(Study study, Scale scale, List<String> overrides, Path out, boolean resume)
            throws Exception {
        Parameters parameters = Parameters.of(preset(study, scale), overrides);
        boolean keep = Boolean.parseBoolean(parameters.text(KEEP));
        List<Configuration> configurations = study.configurations(parameters);
        ClusterSession cluster = new ClusterSession(client, dataverse(study));
        RunFolder folder;
        ObjectNode run;
        if (resume) {
            folder = RunFolder.latest(out, study.name());
            run = (ObjectNode) folder.readRun();
            checkSameRun(run, scale, parameters, folder);
        } else {
            run = newRun(study, scale, parameters, configurations, cluster); // asks the cluster before any file
            folder = RunFolder.create(out, study.name(), Instant.now());
            folder.writeRun(run);
        }
        cluster.createDataverse(!resume);
        for (int i = 0; i < configurations.size(); i++) {
            Configuration configuration = configurations.get(i);
            String label = "[" + (i + 1) + "/" + configurations.size() + " " + configuration.id() + "] ";
            if (folder.isComplete(configuration)) {
                log.println(label + "complete in " + folder.root() + ", skipped");
                continue;
            }
            log.println(label + configuration.label());
            DatasetName dataset = cluster.dataset(configuration);
            cluster.dropDataset(dataset);
            Map<String, Long> indexBytes;
            try (ConfigurationRun configurationRun = new ConfigurationRun(cluster,
                    folder.freshConfigurationFolder(configuration), label, log)) {
                study.run(configuration, parameters, configurationRun);
                indexBytes = configurationRun.indexBytes();
            }
            ObjectNode clusterJson = (ObjectNode) run.path("cluster");
            if (clusterJson.path("partitions").isNull()) {
                int partitions = cluster.partitions(dataset);
                clusterJson.put("partitions", partitions);
                ArrayNode published = (ArrayNode) run.path("published");
                for (PublishedValue value : study.published(parameters, partitions)) {
                    published.addObject().put("plot", value.plot()).put("configuration", value.configuration())
                            .put("x", value.x()).put("y", value.y()).put("label", value.label())
                            .put("source", value.source());
                }
            }
            ArrayNode indexVsCache = (ArrayNode) run.path("indexVsCache");
            JsonNode cache = clusterJson.path("bufferCacheBytes");
            indexBytes.forEach((index, bytes) -> {
                ObjectNode row = indexVsCache.addObject().put("configuration", configuration.id()).put("index", index)
                        .put("indexBytes", bytes);
                // The buffer cache of all nodes together, against the index on all nodes.
                if (cache.isNumber()) {
                    row.put("cacheBytes", cache.asLong() * clusterJson.path("nodes").asLong());
                } else {
                    row.putNull("cacheBytes");
                }
            });
            ObjectNode complete = JsonNodeFactory.instance.objectNode().put("finishedAt", Instant.now().toString())
                    .put("dataverse", dataset.dataverse()).put("dataset", dataset.dataset());
            for (JsonNode entry : run.path("configurations")) {
                if (entry.path("id").asText().equals(configuration.id())) {
                    ((ObjectNode) entry).put("complete", true);
                }
            }
            folder.writeRun(run);
            folder.markComplete(configuration, complete);
            if (!keep) {
                cluster.dropDataset(dataset);
            }
        }
        if (!keep) {
            cluster.dropDataverse();
        }
        run.put("finishedAt", Instant.now().toString());
        folder.writeRun(run);
        return folder;
    }

    private static void checkSameRun(JsonNode run, Scale scale, Parameters parameters, RunFolder folder) {
        Map<String, String> earlier = new LinkedHashMap<>();
        run.path("parameters").fields().forEachRemaining(e -> earlier.put(e.getKey(), e.getValue().asText()));
        if (!run.path("scale").asText().equals(scale.id()) || !earlier.equals(parameters.values())) {
            throw new IllegalArgumentException("--resume: " + folder.root() + " ran at scale "
                    + run.path("scale").asText() + " with " + earlier
                    + "; resume it with the same --scale and --param");
        }
    }

    private static ObjectNode newRun(Study study, Scale scale, Parameters parameters,
            List<Configuration> configurations, ClusterSession cluster) {
        ObjectNode run = JsonNodeFactory.instance.objectNode();
        run.put("study", study.name());
        run.put("title", study.title());
        run.put("scale", scale.id());
        run.put("startedAt", Instant.now().toString());
        run.putNull("finishedAt");
        run.put("commit", commit());
        run.set("machine", machine());
        run.set("cluster", cluster.describe());
        ObjectNode values = run.putObject("parameters");
        parameters.values().forEach(values::put);
        ArrayNode changed = run.putArray("changedParameters");
        parameters.changed().forEach(changed::add);
        ArrayNode list = run.putArray("configurations");
        configurations.forEach(c -> list.addObject().put("id", c.id()).put("label", c.label()).put("complete", false));
        run.putArray("indexVsCache");
        run.putArray("published");
        return run;
    }

    private static ObjectNode machine() {
        ObjectNode machine = JsonNodeFactory.instance.objectNode();
        machine.put("cores", Runtime.getRuntime().availableProcessors());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            machine.put("memoryBytes", os.getTotalMemorySize());
        } else {
            machine.putNull("memoryBytes");
        }
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        machine.put("java", System.getProperty("java.version"));
        return machine;
    }

    /** The source's commit when run from a git checkout, else "unknown" (an unpacked distribution). */
    private static String commit() {
        try {
            Process git = new ProcessBuilder("git", "rev-parse", "--short", "HEAD").redirectErrorStream(true).start();
            String output = new String(git.getInputStream().readAllBytes()).strip();
            if (git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 && output.matches("[0-9a-f]{4,40}")) {
                return output;
            }
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "unknown";
    }
}
