package org.spatiallsm.experiment.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The report of an experiment run folder: {@link #write} writes report.html and plots/ into the folder,
 * {@link #text} prints the same numbers as plain tables. A folder it cannot read raises {@link ReportException}.
 */
public final class Report {
    public static final String HTML_FILE = "report.html";
    public static final String PLOTS_FOLDER = "plots";

    /** How the derived numbers are defined; printed in every report. */
    static final String DEFINITIONS = "Write amplification at a flush or merge: bytes (or entries) written by all"
            + " flushes and merges of the index so far, divided by those written by its flushes so far."
            + " Read amplification: mean components opened and pages read per search."
            + " Latency percentiles are nearest-rank: p-th = the ceil(p/100 * n)-th smallest of the n latencies.";

    private Report() {
    }

    /** Writes report.html and plots/&lt;id&gt;.png and .svg into the run folder; returns the plots it drew. */
    public static List<Plot> write(Path runFolder) {
        Run run = Run.read(runFolder);
        List<Plot> plots = Plots.of(run);
        Path plotFolder = runFolder.resolve(PLOTS_FOLDER);
        try {
            Files.createDirectories(plotFolder);
            deleteOldPlots(plotFolder);
            Map<String, byte[]> png = new LinkedHashMap<>();
            for (Plot plot : plots) {
                byte[] image = Charts.png(plot);
                png.put(plot.id(), image);
                Files.write(plotFolder.resolve(plot.id() + ".png"), image);
                Files.writeString(plotFolder.resolve(plot.id() + ".svg"), Charts.svg(plot), StandardCharsets.UTF_8);
            }
            // Written aside and moved in, so that an interrupted report never leaves half a file behind.
            Path html = runFolder.resolve(HTML_FILE);
            Path partial = runFolder.resolve(HTML_FILE + ".partial");
            Files.writeString(partial, HtmlReport.render(run, plots, png), StandardCharsets.UTF_8);
            Files.move(partial, html, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new ReportException("cannot write the report into " + runFolder + ": " + e.getMessage(), e);
        }
        return plots;
    }

    /** Prints the report's numbers as plain text tables. */
    public static void text(Path runFolder, PrintStream out) {
        Run run = Run.read(runFolder);
        TextReport.print(run, Plots.of(run), out);
    }

    /** A plot that is no longer drawn (the data changed since the last report) must not linger beside the new. */
    private static void deleteOldPlots(Path plotFolder) throws IOException {
        try (DirectoryStream<Path> old = Files.newDirectoryStream(plotFolder, "*.{png,svg}")) {
            for (Path file : old) {
                Files.delete(file);
            }
        }
    }
}
