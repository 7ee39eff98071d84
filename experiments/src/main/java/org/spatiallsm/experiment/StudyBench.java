package org.spatiallsm.experiment;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.load.DatasetName;

/**
 * A study run for a {@code bench} command: the study's configurations through {@link ExperimentRunner} into a run
 * folder, as {@code experiment} runs them, with every dataset kept until the command has read what only the cluster
 * knows (the LSM events with their component stacks, the listings), then dropped unless the user keeps them. The bench
 * commands thus load, settle and query exactly as the experiments do, and record the same raw samples.
 */
public final class StudyBench implements AutoCloseable {

    private final ClusterSession cluster;
    private final RunFolder folder;
    private final List<Configuration> configurations;
    private final boolean keep;

    private StudyBench(ClusterSession cluster, RunFolder folder, List<Configuration> configurations, boolean keep) {
        this.cluster = cluster;
        this.folder = folder;
        this.configurations = configurations;
        this.keep = keep;
    }

    /**
     * The study's configurations at the preset of {@code scale} with {@code overrides}, checked before anything asks
     * the cluster; a bad value is a one-line error.
     */
    public static List<Configuration> configurations(Study study, Scale scale, List<String> overrides) {
        return study.configurations(Parameters.of(ExperimentRunner.preset(study, scale), overrides));
    }

    /**
     * Runs every configuration into a new run folder under {@code out}; the datasets stay until {@link #close}.
     *
     * @param keep whether {@link #close} leaves the scratch dataverse and its datasets in place
     */
    public static StudyBench run(QueryServiceClient client, PrintStream log, Study study, Scale scale,
            List<String> overrides, Path out, boolean keep) throws Exception {
        List<String> kept = new ArrayList<>(overrides);
        kept.add(ExperimentRunner.KEEP + "=true");
        RunFolder folder = new ExperimentRunner(client, log).run(study, scale, kept, out, false);
        return new StudyBench(new ClusterSession(client, ExperimentRunner.dataverse(study)), folder,
                configurations(study, scale, kept), keep);
    }

    /**
     * The same run, unrecorded: into a temporary folder, deleted afterwards, its datasets dropped. A fresh cluster
     * JIT-compiles its write path during the first flushes; without this the first configuration measured would run
     * under other conditions than the rest.
     */
    public static void warmUp(QueryServiceClient client, PrintStream log, Study study, Scale scale,
            List<String> overrides) throws Exception {
        Path scratch = Files.createTempDirectory("spatial-lsm-warm-up");
        try {
            log.println("warm-up, not measured:");
            new ExperimentRunner(client, log).run(study, scale, overrides, scratch, false);
        } finally {
            try (Stream<Path> files = Files.walk(scratch)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    public ClusterSession cluster() {
        return cluster;
    }

    public RunFolder folder() {
        return folder;
    }

    /** In the order they ran. */
    public List<Configuration> configurations() {
        return configurations;
    }

    public DatasetName dataset(Configuration configuration) {
        return cluster.dataset(configuration);
    }

    /** Drops the scratch dataverse, unless kept. */
    @Override
    public void close() {
        if (!keep) {
            cluster.dropDataverse();
        }
    }
}
