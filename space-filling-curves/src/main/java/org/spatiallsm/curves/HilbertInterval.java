package org.spatiallsm.curves;

/** A run of consecutive Hilbert values, {@code low..high} inclusive. */
public record HilbertInterval(long low, long high) {

    public HilbertInterval {
        if (low > high) {
            throw new IllegalArgumentException("empty interval " + low + ".." + high);
        }
    }

    public long length() {
        return high - low + 1;
    }

    public boolean contains(long value) {
        return low <= value && value <= high;
    }
}
