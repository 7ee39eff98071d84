package org.spatiallsm.experiment.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A run folder read whole: run.json and the samples of every configuration it lists. */
public record Run(Path folder, RunInfo info, List<ConfigurationData> configurations) {

    public static Run read(Path folder) {
        if (!Files.isDirectory(folder)) {
            throw new ReportException(folder + " is not a directory: give the run folder the experiment wrote");
        }
        RunInfo info = RunInfo.read(folder);
        List<ConfigurationData> configurations = info.configurations().stream()
                .map(c -> ConfigurationData.read(folder, c)).toList();
        return new Run(folder, info, configurations);
    }
}
