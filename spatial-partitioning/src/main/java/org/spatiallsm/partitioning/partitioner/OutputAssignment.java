package org.spatiallsm.partitioning.partitioner;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Which output partition each entry of a merge stream goes to, by stream position: the table between a merge's
 * partitioning pass and its routing pass. It lives in a temporary file of 4 bytes per position, mapped chunk by
 * chunk, so the heap it takes does not grow with the merge (the operating system's page cache holds what is used),
 * and positions are longs. Positions may be set in any order ({@code str} and R*-Grove emit partitions, not the
 * stream order). The file is deleted by {@link #close()}, or at once if creating the table fails.
 *
 * <p>Not thread-safe.
 */
public final class OutputAssignment implements AutoCloseable {

    /** 2^27 positions (512 MB) per mapping. */
    static final int DEFAULT_CHUNK_POSITIONS = 1 << 27;

    private final Path path;
    private final FileChannel channel;
    private final long size;
    private final int chunkPositions;
    private final MappedByteBuffer[] chunks;
    private boolean closed;

    /**
     * A table of {@code size} positions, none assigned yet, in a new file in {@code directory}.
     *
     * @throws UncheckedIOException with a one-line message if the file cannot be created
     */
    public OutputAssignment(Path directory, long size) {
        this(directory, size, DEFAULT_CHUNK_POSITIONS);
    }

    /** With {@code chunkPositions} positions per mapping: tests cross chunk boundaries on small tables. */
    OutputAssignment(Path directory, long size, int chunkPositions) {
        if (size < 0) {
            throw new IllegalArgumentException("an output assignment cannot have " + size + " positions");
        }
        this.size = size;
        this.chunkPositions = chunkPositions;
        long chunkCount = (size + chunkPositions - 1) / chunkPositions;
        this.chunks = new MappedByteBuffer[Math.toIntExact(chunkCount)];
        try {
            path = Files.createTempFile(directory, "spatial-lsm-outputs-", ".int");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a merge's output table in " + directory + ": "
                    + e.getMessage(), e);
        }
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            delete();
            throw new UncheckedIOException("cannot open the merge's output table " + path + ": " + e.getMessage(), e);
        }
    }

    public long size() {
        return size;
    }

    /**
     * Assigns position {@code position} to output {@code output}.
     *
     * @throws IllegalArgumentException for a negative output
     * @throws IndexOutOfBoundsException for a position outside [0, size)
     */
    public void set(long position, int output) {
        if (output < 0) {
            throw new IllegalArgumentException("output " + output + " for position " + position + " is negative");
        }
        // 0 in the (zero-filled) file means "never assigned", so an output is stored plus one.
        chunk(position).putInt(offset(position), output + 1);
    }

    /**
     * The output position {@code position} was assigned to.
     *
     * @throws IllegalStateException if it was never assigned
     * @throws IndexOutOfBoundsException for a position outside [0, size)
     */
    public int get(long position) {
        int stored = chunk(position).getInt(offset(position));
        if (stored == 0) {
            throw new IllegalStateException("merge stream position " + position + " was assigned no output");
        }
        return stored - 1;
    }

    private int offset(long position) {
        return (int) (position % chunkPositions) * Integer.BYTES;
    }

    private MappedByteBuffer chunk(long position) {
        if (closed) {
            throw new IllegalStateException("the output table " + path + " is closed");
        }
        if (position < 0 || position >= size) {
            throw new IndexOutOfBoundsException("position " + position + " is outside the merge's " + size
                    + " entries");
        }
        int index = (int) (position / chunkPositions);
        if (chunks[index] == null) {
            long start = (long) index * chunkPositions;
            long length = Math.min(chunkPositions, size - start) * Integer.BYTES;
            try {
                // Mapping past the end grows the file; the new bytes read as zero.
                chunks[index] = channel.map(FileChannel.MapMode.READ_WRITE, start * Integer.BYTES, length);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot map the merge's output table " + path + ": " + e.getMessage(),
                        e);
            }
        }
        return chunks[index];
    }

    /** Deletes the file. The mappings are released when collected; the file's name is gone at once. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot close the merge's output table " + path + ": " + e.getMessage(), e);
        } finally {
            Arrays.fill(chunks, null);
            delete();
        }
    }

    private void delete() {
        try {
            Files.deleteIfExists(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the merge's output table " + path + ": " + e.getMessage(),
                    e);
        }
    }
}
