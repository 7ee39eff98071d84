package org.spatiallsm.testcluster;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

import org.apache.asterix.api.common.AsterixHyracksIntegrationUtil;
import org.apache.asterix.common.api.INcApplicationContext;
import org.apache.hyracks.api.application.ICCApplication;
import org.apache.hyracks.api.application.INCApplication;
import org.spatiallsm.asterixdb.app.SpatialCCApplication;
import org.spatiallsm.asterixdb.app.SpatialNCApplication;
import org.spatiallsm.client.QueryServiceClient;

/**
 * An in-process AsterixDB cluster (one CC, two NCs) running spatial-lsm's CC and NC applications and extensions.
 * Most tests use it through {@link SpatialClusterExtension}; tests of restart behaviour drive {@link #restart()}.
 */
public final class SpatialTestCluster {

    private final Path workDir;
    private final Path confFile;
    private final String confTemplate;
    private final Util util = new Util();

    /** The default test cluster: one partition per NC, spatial-lsm's extensions enabled. */
    public SpatialTestCluster(Path workDir) {
        this(workDir, defaultConfTemplate());
    }

    /**
     * A cluster configured by {@code confTemplate} (cc.conf text, {@code ${work}} replaced by the working
     * directory); the CC and NCs always run spatial-lsm's applications.
     */
    public SpatialTestCluster(Path workDir, String confTemplate) {
        this.workDir = workDir.toAbsolutePath();
        this.confFile = this.workDir.resolve("cc.conf");
        this.confTemplate = confTemplate;
    }

    /** The extension sections every spatial-lsm cluster needs, as in the default configuration. */
    public static String extensionSections() {
        String conf = defaultConfTemplate();
        return conf.substring(conf.indexOf("[extension/"));
    }

    /** Starts on clean storage and log directories and waits until the cluster is ACTIVE. */
    public void start() throws Exception {
        writeConf();
        deleteRecursively(logDir());
        util.init(true, confFile.toString());
    }

    /** Stops gracefully (memory components are flushed) and starts again on the same storage. */
    public void restart() throws Exception {
        util.deinit(false);
        util.init(false, confFile.toString());
    }

    /**
     * Restarts as after a power cut now: the node directories under the working directory (storage and transaction
     * logs) are copied as they are, the cluster is stopped (which flushes, into the originals), the copies are put
     * back, and the cluster starts on them. Memory components are lost as in a crash; committed records live on only
     * in the log, which recovery replays. Call it while no statement runs (an idle cluster writes no files).
     */
    public void restartFromCrashImage() throws Exception {
        Path image = workDir.resolveSibling(workDir.getFileName() + "-crash-image");
        deleteRecursively(image);
        List<Path> nodeDirs;
        try (Stream<Path> children = Files.list(workDir)) {
            nodeDirs = children.filter(Files::isDirectory).filter(dir -> !dir.equals(logDir())).toList();
        }
        for (Path dir : nodeDirs) {
            copyRecursively(dir, image.resolve(dir.getFileName()));
        }
        util.deinit(false);
        for (Path dir : nodeDirs) {
            deleteRecursively(dir);
            copyRecursively(image.resolve(dir.getFileName()), dir);
        }
        deleteRecursively(image);
        util.init(false, confFile.toString());
    }

    private static void copyRecursively(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target);
                }
            }
        }
    }

    public void stop() throws Exception {
        util.deinit(true);
    }

    /** Each running NC's application context: for tests that look inside a node, which runs in this JVM. */
    public List<INcApplicationContext> nodeContexts() {
        return Arrays.stream(util.ncs).map(nc -> (INcApplicationContext) nc.getApplicationContext()).toList();
    }

    public QueryServiceClient client() {
        return new QueryServiceClient(URI.create("http://127.0.0.1:19002"));
    }

    /** Where the NCs keep their storage; each NC's partitions lie under its own directory. */
    public Path storageRoot() {
        return Path.of("target", "io", "dir").toAbsolutePath();
    }

    /**
     * The NCs' log directory, {@code log.dir=${work}/logs} in the default configuration, shared by both NCs; each
     * writes its LSM events to {@code spatial-lsm-events-<node id>.jsonl} there. A clean start empties it.
     */
    public Path logDir() {
        return workDir.resolve("logs");
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> paths = Files.walk(dir)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    private void writeConf() {
        try {
            Files.createDirectories(workDir);
            Files.writeString(confFile, confTemplate.replace("${work}", workDir.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String defaultConfTemplate() {
        try (InputStream template = SpatialTestCluster.class.getResourceAsStream("cc.conf")) {
            return new String(template.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The stock harness, told to run our CC and NC applications (its default NC one needs an unpublished test jar).
     */
    private static final class Util extends AsterixHyracksIntegrationUtil {
        @Override
        protected ICCApplication createCCApplication() {
            return new SpatialCCApplication();
        }

        @Override
        protected INCApplication createNCApplication() {
            return new SpatialNCApplication();
        }
    }
}
