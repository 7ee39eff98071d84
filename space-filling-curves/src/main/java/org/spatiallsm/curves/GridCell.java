package org.spatiallsm.curves;

/** A cell of the 2^order x 2^order grid of a Hilbert curve, by its integer column {@code x} and row {@code y}. */
public record GridCell(long x, long y) {
}
