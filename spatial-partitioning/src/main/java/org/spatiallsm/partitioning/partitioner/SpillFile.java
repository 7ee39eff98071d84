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
import java.util.ArrayList;
import java.util.List;

import org.spatiallsm.partitioning.entries.Entries;
import org.spatiallsm.partitioning.entries.EntryCursor;
import org.spatiallsm.partitioning.entries.EntryRun;
import org.spatiallsm.partitioning.ordering.Ordering;

/**
 * A temporary file of entries written partition by partition, each partition's segment sorted: one sorted run of
 * the two-pass external sort. Each entry takes {@value #ENTRY_BYTES} bytes (id and MBR). The file is deleted by
 * {@link #close()}, or at once if writing it fails.
 */
final class SpillFile implements AutoCloseable {

    static final int ENTRY_BYTES = 40;

    private final Path path;
    private final long[] segmentStart;
    private final long[] segmentSize;

    /** Writes one partition's entries, in order, to {@code out}. */
    private interface Content {
        void write(int partition, Output out) throws IOException;
    }

    /** The entries written so far, and the stream they go to. */
    private static final class Output {
        private final DataOutputStream out;
        private long written;

        Output(DataOutputStream out) {
            this.out = out;
        }

        void add(Entries entries, int row) throws IOException {
            out.writeLong(entries.id(row));
            out.writeDouble(entries.minX(row));
            out.writeDouble(entries.minY(row));
            out.writeDouble(entries.maxX(row));
            out.writeDouble(entries.maxY(row));
            written++;
        }
    }

    private SpillFile(Path directory, int partitions, Content content) {
        segmentStart = new long[partitions];
        segmentSize = new long[partitions];
        try {
            path = Files.createTempFile(directory, "spatial-lsm-partition-", ".run");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill a partitioning run to " + directory + ": " + e.getMessage(),
                    e);
        }
        boolean written = false;
        try (DataOutputStream stream = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(path),
                1 << 16))) {
            Output out = new Output(stream);
            for (int p = 0; p < partitions; p++) {
                segmentStart[p] = out.written;
                content.write(p, out);
                segmentSize[p] = out.written - segmentStart[p];
            }
            written = true;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot spill a partitioning run to " + directory + ": " + e.getMessage(),
                    e);
        } finally {
            if (!written) {
                close();
            }
        }
    }

    /**
     * Writes {@code entries} in the order {@code rows}, where partition p's rows are
     * {@code rows[offsets[p], offsets[p + 1])}.
     */
    static SpillFile of(Path directory, Entries entries, int[] rows, int[] offsets) {
        return new SpillFile(directory, offsets.length - 1, (p, out) -> {
            for (int i = offsets[p]; i < offsets[p + 1]; i++) {
                out.add(entries, rows[i]);
            }
        });
    }

    /**
     * One longer run: partition by partition, the merge of the runs' segments by {@code ordering}, holding
     * {@link KWayMerge#held} entries. Ties come out in the order of {@code runs}, so merging consecutive groups of runs
     * and then the results gives what one merge of all the runs would.
     */
    static SpillFile merge(Path directory, List<SpillFile> runs, Ordering ordering, int blockSize) {
        return new SpillFile(directory, runs.get(0).partitions(), (p, out) -> {
            try (KWayMerge merge = new KWayMerge(segments(runs, p), ordering, blockSize)) {
                while (merge.next()) {
                    out.add(merge.block(), merge.row());
                }
            }
        });
    }

    /** Partition {@code p}'s non-empty segments of {@code runs}, in run order. */
    static List<EntryRun> segments(List<SpillFile> runs, int p) {
        List<EntryRun> segments = new ArrayList<>();
        for (SpillFile run : runs) {
            if (run.segmentSize[p] > 0) {
                segments.add(run.segment(p));
            }
        }
        return segments;
    }

    int partitions() {
        return segmentStart.length;
    }

    /** Partition {@code p}'s sorted entries in this file. */
    private EntryRun segment(int p) {
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
