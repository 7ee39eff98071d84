package org.spatiallsm.experiment;

/**
 * One configuration of a study: what its run-folder subdirectory and the report call it.
 *
 * @param id    file-name safe, e.g. {@code leveled-str-uniform}
 * @param label for people, e.g. {@code leveled, STR, Hilbert, uniform points}
 */
public record Configuration(String id, String label) {

    public Configuration {
        if (!id.matches("[a-z0-9][a-z0-9-]*")) {
            throw new IllegalArgumentException("a configuration id is lower-case letters, digits and '-', not " + id);
        }
    }

    /** The scratch dataset of this configuration: SQL++ names take no '-'. */
    public String datasetName() {
        return id.replace('-', '_');
    }
}
