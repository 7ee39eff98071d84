/**
 * {@code curve} and {@code cells}: what the spatial index organisations compute for a point or a rectangle (curve
 * keys and ranges, grid cells), without a cluster.
 */
package org.spatiallsm.cli.organisation;
