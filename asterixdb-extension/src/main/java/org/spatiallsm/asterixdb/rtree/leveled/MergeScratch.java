package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;

/**
 * The directory where the merges of one index partition keep their temporary files (the output table, the
 * partitioners' spilled runs): one directory per index partition, so that what a killed merge left behind is found
 * and deleted by the next activation of that index wherever the directory lies, and by nothing else. Its name holds
 * the index directory's name and a hash of its absolute path (two nodes of one machine share a temporary directory).
 * <p>
 * Pure Java, unit-tested in {@code MergeScratchTest}.
 */
public final class MergeScratch {

    static final String PREFIX = "spatial-lsm-merge-";

    private MergeScratch() {
    }

    /** The scratch directory, under {@code root}, of the index partition stored in {@code indexDirectory}. */
    public static Path of(Path root, Path indexDirectory) {
        Path index = indexDirectory.toAbsolutePath().normalize();
        try {
            byte[] digest =
                    MessageDigest.getInstance("SHA-256").digest(index.toString().getBytes(StandardCharsets.UTF_8));
            return root.resolve(PREFIX + index.getFileName() + "-" + HexFormat.of().formatHex(digest, 0, 8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Creates {@code scratch} (and its parents) for a merge about to start. */
    public static Path create(Path scratch) {
        try {
            return Files.createDirectories(scratch);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the merge scratch directory " + scratch + ": "
                    + e.getMessage(), e);
        }
    }

    /**
     * Deletes {@code scratch} and the files in it: after a merge (nothing should be left), and at activation (what a
     * merge killed mid-way left). Never called while a merge of the index runs.
     *
     * @return how many files were left in it
     */
    public static int clear(Path scratch) {
        try {
            List<Path> left;
            try (Stream<Path> files = Files.list(scratch)) {
                left = files.toList();
            } catch (NoSuchFileException e) {
                return 0;
            }
            for (Path file : left) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(scratch);
            return left.size();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot clear the merge scratch directory " + scratch + ": "
                    + e.getMessage(), e);
        }
    }
}
