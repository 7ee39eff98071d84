package org.spatiallsm.experiment;

import java.util.List;
import java.util.Map;

/** One study of the published work, reproduced at a chosen scale. */
public interface Study {

    /** What {@code experiment <study>} calls it. */
    String name();

    String title();

    /**
     * Every knob with its value at {@code scale}; the same names at every scale. Every study has at least
     * {@code records}, {@code recordBytes}, {@code recordsPerFlush} and {@code queries}, which {@code --list} shows.
     */
    Map<String, String> preset(Scale scale);

    /** How long a run at {@code scale} took on the 2-core reference machine, or that it was not measured. */
    String runTime(Scale scale);

    /** The configurations to compare, in order; invalid parameters are a one-line error. */
    List<Configuration> configurations(Parameters parameters);

    /**
     * Values of the published study for the report to mark on its plots (run.json's {@code published}), for a run
     * with these parameters on datasets of {@code partitions} index partitions; none by default.
     */
    default List<PublishedValue> published(Parameters parameters, int partitions) {
        return List.of();
    }

    /** One configuration from an empty dataset to its last sample. */
    void run(Configuration configuration, Parameters parameters, ConfigurationRun run) throws Exception;
}
