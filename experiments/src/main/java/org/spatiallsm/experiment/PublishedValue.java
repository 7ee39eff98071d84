package org.spatiallsm.experiment;

/**
 * A value the published study reports, for run.json's {@code published}: the report marks it on the plot with the
 * id {@code plot}, at {@code x} (records ingested, a σ or a configuration, as the plot's axis) and {@code y} in the
 * plot's unit.
 *
 * @param configuration the configuration id it compares with, or "" for all
 * @param source        the paper and the table or figure it comes from
 */
public record PublishedValue(String plot, String configuration, double x, double y, String label, String source) {
}
