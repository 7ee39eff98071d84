package org.spatiallsm.partitioning.entries;

import java.util.Arrays;

import org.spatiallsm.geometry.Rect;

/**
 * A growable batch of index entries stored column by column: an id and an MBR per row, in parallel primitive arrays,
 * so that millions of entries cost 40 bytes each and no object per entry. A point is an entry whose MBR has
 * {@code minX == maxX} and {@code minY == maxY}.
 *
 * <p>The id identifies the record (the primary key in the engine); partitioners use it only to break ties
 * deterministically and never interpret it. Rows are addressed by their index {@code 0 .. size()-1}.
 */
public final class Entries {

    private long[] ids;
    private double[] minX;
    private double[] minY;
    private double[] maxX;
    private double[] maxY;
    private int size;

    public Entries() {
        this(16);
    }

    public Entries(int initialCapacity) {
        int capacity = Math.max(1, initialCapacity);
        ids = new long[capacity];
        minX = new double[capacity];
        minY = new double[capacity];
        maxX = new double[capacity];
        maxY = new double[capacity];
    }

    /**
     * Appends an entry.
     *
     * @throws IllegalArgumentException if the bounds are not finite or inverted
     */
    public void add(long id, double minX, double minY, double maxX, double maxY) {
        if (!(minX <= maxX) || !(minY <= maxY) || Double.isInfinite(minX) || Double.isInfinite(maxX)
                || Double.isInfinite(minY) || Double.isInfinite(maxY)) {
            throw new IllegalArgumentException("entry " + id + " has no valid MBR: (" + minX + ", " + minY + ") - ("
                    + maxX + ", " + maxY + ")");
        }
        if (size == ids.length) {
            grow();
        }
        ids[size] = id;
        this.minX[size] = minX;
        this.minY[size] = minY;
        this.maxX[size] = maxX;
        this.maxY[size] = maxY;
        size++;
    }

    public void addPoint(long id, double x, double y) {
        add(id, x, y, x, y);
    }

    /** Appends row {@code row} of {@code source}. */
    public void add(Entries source, int row) {
        // The source checked the bounds when they were added.
        if (size == ids.length) {
            grow();
        }
        ids[size] = source.ids[row];
        minX[size] = source.minX[row];
        minY[size] = source.minY[row];
        maxX[size] = source.maxX[row];
        maxY[size] = source.maxY[row];
        size++;
    }

    private void grow() {
        int capacity = ids.length * 2;
        ids = Arrays.copyOf(ids, capacity);
        minX = Arrays.copyOf(minX, capacity);
        minY = Arrays.copyOf(minY, capacity);
        maxX = Arrays.copyOf(maxX, capacity);
        maxY = Arrays.copyOf(maxY, capacity);
    }

    public int size() {
        return size;
    }

    /** Forgets every row but keeps the arrays, so a batch can be refilled without allocating. */
    public void clear() {
        size = 0;
    }

    public long id(int row) {
        return ids[row];
    }

    public double minX(int row) {
        return minX[row];
    }

    public double minY(int row) {
        return minY[row];
    }

    public double maxX(int row) {
        return maxX[row];
    }

    public double maxY(int row) {
        return maxY[row];
    }

    /** The centre's x, by which STR and R*-Grove place an entry. */
    public double centerX(int row) {
        return minX[row] + (maxX[row] - minX[row]) / 2;
    }

    public double centerY(int row) {
        return minY[row] + (maxY[row] - minY[row]) / 2;
    }

    /** The row's MBR as an object; for tests and callers that hold few entries. */
    public Rect mbr(int row) {
        return new Rect(minX[row], minY[row], maxX[row], maxY[row]);
    }
}
