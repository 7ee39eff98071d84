package org.spatiallsm.partitioning.partitioner;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryCursor;
import org.spatiallsm.partitioning.entries.EntryRun;

/**
 * A temporary file of entries written partition by partition, each partition's segment sorted: one sorted run of
 * the two-pass external sort. Each entry takes {@value #ENTRY_BYTES} bytes (id and MBR).
 */
final class SpillFile implements AutoCloseable {

    static final int ENTRY_BYTES = 40;

    private final Path path;
    private final long[] segmentStart;
    private final long[] segmentSize;

    /**
     * Writes {@code entries} in the order {@code rows}, where partition p's rows are
     * {@code rows[offsets[p], offsets[p + 1])}.
     */
    SpillFile(Path directory, Entries entries, int[] rows, int[] offsets) {
        int partitions = offsets.length - 1;
        segmentStart = new long[partitions];
        segmentSize = new long[partitions];
        try {
            path = Files.createTempFile(directory, "spatial-lsm-partition-", ".run");
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(path),
                    1 << 16))) {
                for (int p = 0; p < partitions; p++) {
                    segmentStart[p] = offsets[p];
                    segmentSize[p] = offsets[p + 1] - offsets[p];
                    for (int i = offsets[p]; i < offsets[p + 1]; i++) {
                        int row = rows[i];
                        out.writeLong(entries.id(row));
                        out.writeDouble(entries.minX(row));
                        out.writeDouble(entries.minY(row));
                        out.writeDouble(entries.maxX(row));
                        out.writeDouble(entries.maxY(row));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill a partitioning run to " + directory + ": " + e.getMessage(),
                    e);
        }
    }

    /** Partition {@code p}'s sorted entries in this file. */
    EntryRun segment(int p) {
        long start = segmentStart[p];
        long size = segmentSize[p];
        return EntryRun.of(size, () -> new SegmentCursor(start, size));
    }

    private final class SegmentCursor implements EntryCursor {
        private final DataInputStream in;
        private long remaining;

        SegmentCursor(long start, long size) {
            remaining = size;
            try {
                FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
                channel.position(start * ENTRY_BYTES);
                in = new DataInputStream(new BufferedInputStream(Channels.newInputStream(channel), 1 << 14));
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the partitioning run " + path + ": " + e.getMessage(), e);
            }
        }

        @Override
        public int read(Entries into, int max) {
            int n = (int) Math.min(max, remaining);
            try {
                for (int i = 0; i < n; i++) {
                    into.add(in.readLong(), in.readDouble(), in.readDouble(), in.readDouble(), in.readDouble());
                }
            } catch (EOFException e) {
                throw new IllegalStateException("the partitioning run " + path + " is truncated", e);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read the partitioning run " + path + ": " + e.getMessage(), e);
            }
            remaining -= n;
            return n;
        }

        @Override
        public void close() {
            try {
                in.close();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Override
    public void close() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the partitioning run " + path + ": " + e.getMessage(), e);
        }
    }
}
