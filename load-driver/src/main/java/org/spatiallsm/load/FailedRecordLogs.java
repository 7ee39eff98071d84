package org.spatiallsm.load;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * A feed's {@code failed_record.log} files, where the NCs write each record the feed rejected followed by the reason,
 * under {@code <iodevice>/storage/partition_N/<dataverse>/<feed>/<nc>/}. They are readable here when the cluster runs
 * on this machine; relative iodevices are resolved against the cluster's data directory ({@code SPATIAL_LSM_VAR}),
 * and when the NCs do not publish their iodevices (an in-process cluster) the data directory is searched for them.
 * Only what a load appended is reported, since the logs outlive feed runs.
 */
public final class FailedRecordLogs {

    static final String FILE_NAME = "failed_record.log";
    private final List<Path> storageRoots;
    private final String dataverse;
    private final String feed;
    private final Map<Path, Long> sizesBefore = new HashMap<>();

    private FailedRecordLogs(List<Path> storageRoots, String dataverse, String feed) {
        this.storageRoots = storageRoots;
        this.dataverse = dataverse;
        this.feed = feed;
        logs().forEach(log -> sizesBefore.put(log, size(log)));
    }

    /** Finds the NCs' storage directories that exist on this machine and remembers how long the logs are now. */
    public static FailedRecordLogs snapshot(Catalog catalog, String dataverse, String feed, Path clusterDataDir) {
        List<Path> roots = new ArrayList<>();
        catalog.ioDevices().values().forEach(devices -> devices.forEach(device -> {
            Path path = Path.of(device);
            Path resolved = path.isAbsolute() || clusterDataDir == null ? path : clusterDataDir.resolve(path);
            if (Files.isDirectory(resolved.resolve("storage"))) {
                roots.add(resolved.resolve("storage"));
            }
        }));
        if (roots.isEmpty() && clusterDataDir != null && Files.isDirectory(clusterDataDir)) {
            roots.addAll(findStorageDirectories(clusterDataDir));
        }
        return new FailedRecordLogs(roots, dataverse, feed);
    }

    /** Directories named "storage" below {@code dir}, not descending into them (they hold the LSM files). */
    private static List<Path> findStorageDirectories(Path dir) {
        List<Path> found = new ArrayList<>();
        try {
            Files.walkFileTree(dir, Set.of(), 16, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path d, BasicFileAttributes attributes) {
                    if (d.getFileName() != null && d.getFileName().toString().equals("storage")) {
                        found.add(d);
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // Whatever was found before the failure is still usable.
        }
        return found;
    }

    public boolean reachable() {
        return !storageRoots.isEmpty();
    }

    /** The log lines appended since the snapshot: each rejected record, then the reason. */
    public List<String> appended() {
        List<String> lines = new ArrayList<>();
        for (Path log : logs()) {
            long from = sizesBefore.getOrDefault(log, 0L);
            try (InputStream in = Files.newInputStream(log)) {
                in.skipNBytes(Math.min(from, size(log)));
                new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank())
                        .forEach(lines::add);
            } catch (IOException e) {
                lines.add("(cannot read " + log + ": " + e.getMessage() + ")");
            }
        }
        return lines;
    }

    private List<Path> logs() {
        List<Path> logs = new ArrayList<>();
        for (Path root : storageRoots) {
            try (Stream<Path> partitions = Files.list(root)) {
                partitions.map(p -> p.resolve(dataverse).resolve(feed)).filter(Files::isDirectory).forEach(dir -> {
                    try (Stream<Path> nodes = Files.list(dir)) {
                        nodes.map(n -> n.resolve(FILE_NAME)).filter(Files::isRegularFile).forEach(logs::add);
                    } catch (IOException e) {
                        // A directory that vanished while we looked holds no log.
                    }
                });
            } catch (IOException e) {
                // Same: nothing to report from a storage root we cannot list.
            }
        }
        return logs;
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0;
        }
    }
}
