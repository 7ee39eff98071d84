package org.spatiallsm.organisations;

/** A secondary-index entry on a point field: the point and the record's primary key. */
public record PointEntry(double x, double y, long pk) {
}
