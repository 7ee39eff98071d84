package org.spatiallsm.asterixdb.organisation;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Sorts more records than fit in memory: records are kept in memory up to a byte budget, each full batch is sorted
 * and written to a temporary run file, and {@link #finish} merges the runs (and the last batch) in one pass. Plain
 * Java, so the bulk loaders of the organisations share it and it is tested without an engine.
 *
 * @param <T> a record; the {@link Codec} writes it to a run and reads it back, and estimates its size in memory
 */
public final class ExternalSort<T> implements AutoCloseable {

    /** How a record is spilled, read back and accounted for. */
    public interface Codec<T> {
        void write(T record, DataOutputStream out) throws IOException;

        /** The next record of a run. */
        T read(DataInputStream in) throws IOException;

        long memoryBytes(T record);
    }

    /** Receives the records in order. */
    public interface Sink<T, E extends Exception> {
        void accept(T record) throws E;
    }

    private final Comparator<? super T> order;
    private final Consumer<List<T>> batchSort;
    private final Codec<T> codec;
    private final long memoryBudget;
    private final Path spillDirectory;
    private final List<T> batch = new ArrayList<>();
    private final List<Path> runs = new ArrayList<>();
    private long batchBytes;
    private long spilledBytes;
    private long spillNanos;

    /**
     * @param memoryBudget bytes of records held before a batch is spilled (at least one record is always held)
     * @param spillDirectory where run files are created; they are deleted by {@link #close}
     */
    public ExternalSort(Comparator<? super T> order, Codec<T> codec, long memoryBudget, Path spillDirectory) {
        this(order, batch -> batch.sort(order), codec, memoryBudget, spillDirectory);
    }

    /** Sorts each batch on the order's primitive keys ({@link LongKeyOrder#sort}), in the same order. */
    public ExternalSort(LongKeyOrder<T> order, Codec<T> codec, long memoryBudget, Path spillDirectory) {
        this(order, order::sort, codec, memoryBudget, spillDirectory);
    }

    private ExternalSort(Comparator<? super T> order, Consumer<List<T>> batchSort, Codec<T> codec, long memoryBudget,
            Path spillDirectory) {
        this.order = order;
        this.batchSort = batchSort;
        this.codec = codec;
        this.memoryBudget = memoryBudget;
        this.spillDirectory = spillDirectory;
    }

    public void add(T record) throws IOException {
        batch.add(record);
        batchBytes += codec.memoryBytes(record);
        if (batchBytes >= memoryBudget) {
            spill();
        }
    }

    /** The number of run files written so far. */
    public int runs() {
        return runs.size();
    }

    /** The bytes written to run files so far. */
    public long spilledBytes() {
        return spilledBytes;
    }

    /** The time spent sorting full batches and writing them as runs, so far. */
    public long spillNanos() {
        return spillNanos;
    }

    /** Hands every record added to {@code sink}, in order, then deletes the runs. */
    public <E extends Exception> void finish(Sink<? super T, E> sink) throws IOException, E {
        batchSort.accept(batch);
        if (runs.isEmpty()) {
            for (T record : batch) {
                sink.accept(record);
            }
            batch.clear();
            return;
        }
        List<DataInputStream> inputs = new ArrayList<>();
        try {
            PriorityQueue<Head<T>> heads = new PriorityQueue<>((a, b) -> order.compare(a.record, b.record));
            for (Path run : runs) {
                DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(run)));
                inputs.add(in);
                offerNext(heads, new RunSource<>(in, codec));
            }
            offerNext(heads, new BatchSource<>(batch));
            while (!heads.isEmpty()) {
                Head<T> head = heads.poll();
                sink.accept(head.record);
                offerNext(heads, head.source);
            }
        } finally {
            for (DataInputStream in : inputs) {
                in.close();
            }
            close();
        }
    }

    /** Deletes the run files; the sort cannot be used afterwards. */
    @Override
    public void close() throws IOException {
        batch.clear();
        for (Path run : runs) {
            Files.deleteIfExists(run);
        }
        runs.clear();
    }

    private void spill() throws IOException {
        long start = System.nanoTime();
        batchSort.accept(batch);
        Path run = Files.createTempFile(spillDirectory, "spatial-lsm-sort-", ".run");
        runs.add(run);
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(run)))) {
            for (T record : batch) {
                out.writeBoolean(true);
                codec.write(record, out);
            }
            out.writeBoolean(false);
            out.flush();
            spilledBytes += out.size();
        }
        batch.clear();
        batchBytes = 0;
        spillNanos += System.nanoTime() - start;
    }

    private static <T> void offerNext(PriorityQueue<Head<T>> heads, Source<T> source) throws IOException {
        T next = source.next();
        if (next != null) {
            heads.add(new Head<>(next, source));
        }
    }

    private record Head<T>(T record, Source<T> source) {
    }

    private interface Source<T> {
        /** The next record, or null at the end. */
        T next() throws IOException;
    }

    private record RunSource<T>(DataInputStream in, Codec<T> codec) implements Source<T> {
        @Override
        public T next() throws IOException {
            try {
                return in.readBoolean() ? codec.read(in) : null;
            } catch (EOFException e) {
                throw new UncheckedIOException("a sort run ended early", e);
            }
        }
    }

    private static final class BatchSource<T> implements Source<T> {
        private final List<T> records;
        private int next;

        BatchSource(List<T> records) {
            this.records = records;
        }

        @Override
        public T next() {
            return next < records.size() ? records.get(next++) : null;
        }
    }
}
