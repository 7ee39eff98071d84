package org.spatiallsm.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportTest {
    private static final Pattern IMAGE = Pattern.compile("<img src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"");

    /** The synthetic run's report, written once for the tests that only read it. */
    @TempDir
    static Path written;
    static Path run;
    static List<Plot> plots;
    static String html;

    @TempDir
    Path temp;

    @BeforeAll
    static void writeTheReport() throws IOException {
        run = SyntheticRun.create(written);
        plots = Report.write(run);
        html = Files.readString(run.resolve(Report.HTML_FILE));
    }

    @Test
    void drawsThePlotsOfEveryMeasureThatWasRecorded() throws IOException {
        assertThat(plots).extracting(Plot::id).containsExactly("write-amplification", "write-amplification-entries",
                "throughput", "components-leveled", "components-binomial", "components-opened-window",
                "pages-read-window", "latency-window", "components-opened-knn", "latency-knn",
                "components-opened-knn-index-3000", "pages-read-knn-index-3000", "latency-knn-index-3000",
                "index-bytes");
        assertThat(plots).filteredOn(plot -> plot.id().endsWith("knn-index-3000")).extracting(Plot::xLabel)
                .containsOnly(Plots.K_AXIS);
        assertThat(plots).filteredOn(plot -> plot.id().endsWith("-knn")).extracting(Plot::xLabel)
                .containsOnly(Plots.SIGMA_AXIS);
        for (Plot plot : plots) {
            BufferedImage png = ImageIO.read(run.resolve("plots/" + plot.id() + ".png").toFile());
            assertThat(png.getWidth()).as(plot.id()).isEqualTo(Charts.WIDTH);
            assertThat(png.getHeight()).as(plot.id()).isEqualTo(Charts.HEIGHT);
            assertThat(Files.readString(run.resolve("plots/" + plot.id() + ".svg"))).as(plot.id())
                    .contains("<svg", escapeXml(plot.title()), "</svg>");
        }
        assertThat(run.resolve("plots").toFile().list()).hasSize(2 * plots.size());
    }

    @Test
    void theHtmlHoldsOneDecodableImagePerPlotAndFetchesNothing() throws IOException {
        List<String> images = new ArrayList<>();
        Matcher image = IMAGE.matcher(html);
        while (image.find()) {
            images.add(image.group(1));
        }
        assertThat(images).hasSize(plots.size());
        for (Plot plot : plots) {
            assertThat(html).contains("<li><a href=\"#" + plot.id() + "\">");
        }
        for (int i = 0; i < plots.size(); i++) {
            byte[] inlined = java.util.Base64.getDecoder().decode(images.get(i));
            assertThat(inlined).isEqualTo(Files.readAllBytes(run.resolve("plots/" + plots.get(i).id() + ".png")));
        }
        assertThat(html.split("<img ", -1)).hasSize(plots.size() + 1);
        assertThat(html).doesNotContain("<script", "<link", "url(", "src=\"http", "@import");
        assertThat(run.resolve(Report.HTML_FILE + ".partial")).doesNotExist();
    }

    @Test
    void theHeaderStatesTheEnvironmentAndWhatWasChanged() {
        assertThat(html).contains("<h1>Spatial partitioning policies</h1>", "<td>commit</td><td>abc1234</td>",
                "<td>finished</td><td>not finished</td>", "<td>cores</td><td class=\"n\">2</td>",
                "<td>bufferCacheBytes</td><td class=\"n\">2097152</td>",
                "<td>records</td><td class=\"n\">3000</td><td>changed</td>",
                "<td>recordBytes</td><td class=\"n\">200</td><td></td>",
                "Changed from the scale preset: records.",
                // 4 MiB of index against a 2 MiB cache
                "<td>leveled</td><td>loc</td><td class=\"n\">4</td><td class=\"n\">2</td><td class=\"n\">2</td>",
                "<td>binomial</td><td>binomial &lt;tiered&gt;</td><td>no</td>",
                "nearest-rank");
    }

    @Test
    void tablesHoldTheDerivedNumbersAndThePublishedValues() {
        String writeAmplification = section(html, "write-amplification");
        assertThat(writeAmplification).contains(
                row("leveled, STR", "1000", "1"), row("leveled, STR", "2000", "2"),
                row("leveled, STR", "3000", "1.667"),
                row("binomial &lt;tiered&gt; (incomplete)", "1000", "1"),
                row("published: Mao et al. Fig. 7 (leveled, STR)", "3000", "1.5"),
                "Published values: Mao et al. Fig. 7: figure 7.");
        assertThat(section(html, "latency-window")).contains(
                "<th>leveled, STR p50</th><th>leveled, STR p95</th><th>leveled, STR p99</th>",
                row("0.1", "50", "95", "99", "42"), row("1", "35", "50", "50", ""),
                "Cells: latency (ms). Published values: paper: table 3.");
        assertThat(section(html, "latency-window")).doesNotContain("binomial");
        assertThat(section(html, "components-opened-window")).contains(row("0.1", "3"), row("1", "3"));
        assertThat(section(html, "pages-read-window")).contains(row("0.1", "10"), row("1", "30"));
        assertThat(section(html, "latency-knn")).contains(row("none", "8", "8", "8"));
        assertThat(section(html, "index-bytes")).contains(row("leveled, STR", "3"),
                row("binomial &lt;tiered&gt; (incomplete)", ""), "Cells: MiB. buffer cache: 2.");
        assertThat(section(html, "components-leveled")).contains(row("loc level 0", "3000", "1"),
                row("loc level 1", "3000", "2"));
    }

    @Test
    void theTextFormPrintsTheSameNumbers() throws IOException {
        Path textRun = SyntheticRun.create(temp);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        Report.text(textRun, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        String text = bytes.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("== Write amplification (bytes) [write-amplification]",
                "== Latency of window searches (nearest-rank percentiles) [latency-window]",
                "nearest-rank");
        assertThat(text.lines().map(l -> l.split("\\s{2,}")))
                .anySatisfy(cells -> assertThat(cells).containsExactly("records", "3000", "changed"));
        assertThat(text.lines().filter(l -> l.startsWith("leveled, STR ")).map(l -> l.split("\\s{2,}")))
                .anySatisfy(cells -> assertThat(cells).containsExactly("leveled, STR", "3000", "1.667"));
        assertThat(text.lines().map(l -> l.split("\\s{2,}")))
                .anySatisfy(cells -> assertThat(cells).containsExactly("0.1", "50", "95", "99", "42"));
        assertThat(text).contains("binomial <tiered>").doesNotContain("<td", "&lt;");
        assertThat(textRun.resolve(Report.HTML_FILE)).doesNotExist();
    }

    @Test
    void aMediumRunKeepsTheHtmlUnderTwoMegabytesAndItsSvgSmall() throws IOException {
        Path medium = SyntheticRun.create(temp);
        // A long load and many searches, as a medium-scale run records.
        List<String> throughput = new ArrayList<>(List.of("t_ms,records_ingested,records_per_s"));
        List<String> events = new ArrayList<>(List.of("t_ms,records_ingested,index,node,partition,kind,level,"
                + "bytes_in,bytes_out,entries_in,entries_out,components_in,components_out,duration_ms"));
        List<String> queries = new ArrayList<>(List.of("phase,query_kind,sigma,query_no,latency_ms,results,"
                + "components_opened,components_skipped,pages_read"));
        for (int i = 1; i <= 20_000; i++) {
            throughput.add(i * 1000 + "," + i * 500 + "," + (400 + i % 200));
            events.add(i * 1000 + "," + i * 500 + ",loc,nc1,0," + (i % 4 == 0 ? "merge,1,300," : "flush,,0,")
                    + (100 + i % 50) + ",0,10,1,1,5");
            queries.add("read,window," + (i % 4) + "," + i + "," + (i % 997) + ",1," + (i % 7) + ",0," + (i % 13));
        }
        Files.write(medium.resolve("leveled/throughput.csv"), throughput);
        Files.write(medium.resolve("leveled/io-events.csv"), events);
        Files.write(medium.resolve("leveled/queries.csv"), queries);

        Report.write(medium);

        assertThat(Files.size(medium.resolve(Report.HTML_FILE))).isLessThan(2L * 1024 * 1024);
        // 20,000 points drawn as their envelope in one path: an SVG small enough for the docs.
        assertThat(Files.size(medium.resolve("plots/throughput.svg"))).isLessThan(200L * 1024);
        assertThat(section(Files.readString(medium.resolve(Report.HTML_FILE)), "throughput"))
                .contains("At most " + Plots.TABLE_ROWS_PER_SERIES + " evenly spaced points per series are shown");
    }

    @Test
    void kimsConfigurationsAreComparedWithTheRtreeOnTheSameDataAndMarkedWithHisSizes() throws IOException {
        Path kim = kimRun("index-bytes-vs-rtree", 97);
        // The primary indexes are named after their datasets: only the spatial index has a counterpart.
        Files.writeString(kim.resolve("tweets-rtree/components.csv"), """
                t_ms,records_ingested,index,level,components,bytes
                10,1000,tweets_rtree,,1,5000
                10,1000,spatialIndex,,1,2000
                """);
        Files.writeString(kim.resolve("tweets-dhb/components.csv"), """
                t_ms,records_ingested,index,level,components,bytes
                10,1000,tweets_dhb,,1,5000
                10,1000,spatialIndex,,2,3000
                """);

        Plot plot = plot(Report.write(kim), "index-bytes-vs-rtree");

        assertThat(plot.categories()).containsExactly("leveled, STR", "binomial <tiered> (incomplete)");
        assertThat(plot.series()).extracting(Plot.Series::name).containsExactly("spatialIndex",
                "published: Kim (binomial <tiered> (incomplete))");
        assertThat(plot.series().get(0).points()).containsExactly(new Metrics.Point(0, 100),
                new Metrics.Point(1, 150));
        assertThat(plot.series().get(1).points()).containsExactly(new Metrics.Point(1, 97));
    }

    @Test
    void kimsBuildTimesAreComparedWithTheRtreesLastBuildAndMarkedWithHisTimes() throws IOException {
        Path kim = kimRun("index-build-time-vs-rtree", 151);
        assertThat(Report.write(kim)).extracting(Plot::id).doesNotContain("index-build-time-vs-rtree");

        Files.writeString(kim.resolve("tweets-rtree/builds.csv"), """
                t_ms,phase,index,duration_ms,index_bytes
                500,build,spatialIndex,900,2000
                900,build,spatialIndex,1000,2000
                """);
        Files.writeString(kim.resolve("tweets-dhb/builds.csv"), """
                t_ms,phase,index,duration_ms,index_bytes
                700,build,spatialIndex,2500,3000
                """);

        Plot plot = plot(Report.write(kim), "index-build-time-vs-rtree");

        assertThat(plot.yLabel()).isEqualTo("% of the R-tree's build time");
        assertThat(plot.categories()).containsExactly("leveled, STR", "binomial <tiered> (incomplete)");
        assertThat(plot.series()).extracting(Plot.Series::name).containsExactly("spatialIndex",
                "published: Kim (binomial <tiered> (incomplete))");
        assertThat(plot.series().get(0).points()).containsExactly(new Metrics.Point(0, 100),
                new Metrics.Point(1, 250));
        assertThat(plot.series().get(1).points()).containsExactly(new Metrics.Point(1, 151));
        assertThat(section(Files.readString(kim.resolve(Report.HTML_FILE)), "index-build-time-vs-rtree"))
                .contains(row(escapeXml("binomial <tiered> (incomplete)"), "250", "151"));
    }

    /** The synthetic run as Kim's study names it, R-tree and DHB, with one published value on {@code plotId}. */
    private Path kimRun(String plotId, double published) throws IOException {
        Path kim = SyntheticRun.create(temp);
        Files.move(kim.resolve(SyntheticRun.FINISHED), kim.resolve("tweets-rtree"));
        Files.move(kim.resolve(SyntheticRun.INTERRUPTED), kim.resolve("tweets-dhb"));
        Files.writeString(kim.resolve("run.json"), Files.readString(kim.resolve("run.json"))
                .replace("\"id\": \"" + SyntheticRun.FINISHED + "\"", "\"id\": \"tweets-rtree\"")
                .replace("\"id\": \"" + SyntheticRun.INTERRUPTED + "\"", "\"id\": \"tweets-dhb\"")
                .replace("\"published\": [", "\"published\": [{\"plot\": \"" + plotId + "\", "
                        + "\"configuration\": \"tweets-dhb\", \"x\": 0, \"y\": " + published + ", "
                        + "\"label\": \"Kim\", \"source\": \"chapter 4\"},"));
        return kim;
    }

    private static Plot plot(List<Plot> plots, String id) {
        return plots.stream().filter(p -> p.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void aColumnAddedAtTheEndMayBeMissingAndUnknownCellsAreLeftOut() throws IOException {
        Path older = SyntheticRun.create(temp);
        // A queries.csv written before pages_read existed: no pages-read plot, everything else as before.
        Files.writeString(older.resolve("leveled/queries.csv"), """
                phase,query_kind,sigma,query_no,latency_ms,results,components_opened,components_skipped
                read,window,1,1,5,3,2,0
                read,window,1,2,,3,4,0
                """);

        List<Plot> olderPlots = Report.write(older);

        assertThat(olderPlots).extracting(Plot::id).contains("latency-window", "components-opened-window")
                .doesNotContain("pages-read-window");
        String olderHtml = Files.readString(older.resolve(Report.HTML_FILE));
        assertThat(section(olderHtml, "latency-window")).contains(row("1", "5", "5", "5"),
                "Published values with no measured " + Plots.SIGMA_AXIS + " to mark them at: paper at 0.1: 42.");
        assertThat(section(olderHtml, "components-opened-window")).contains(row("1", "3"));
    }

    @Test
    void badInputGetsAOneLineErrorNamingTheFile() throws IOException {
        assertThatThrownBy(() -> Report.write(temp.resolve("missing")))
                .isInstanceOf(ReportException.class).hasMessageContaining("is not a directory");
        assertThatThrownBy(() -> Report.write(temp))
                .isInstanceOf(ReportException.class).hasMessageContaining("run.json does not exist");

        Path bad = SyntheticRun.create(temp);
        Files.writeString(bad.resolve("leveled/throughput.csv"),
                "t_ms,records_ingested,records_per_s\n1,1,2\n1,1,fast\n");
        assertThatThrownBy(() -> Report.write(bad)).isInstanceOf(ReportException.class)
                .hasMessage(bad.resolve("leveled/throughput.csv") + " data row 2: column records_per_s holds 'fast',"
                        + " not a number");

        Files.writeString(bad.resolve("run.json"), "{\"study\": ");
        assertThatThrownBy(() -> Report.text(bad, System.out)).isInstanceOf(ReportException.class)
                .hasMessageStartingWith(bad.resolve("run.json") + " is not valid JSON")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    /** The HTML of one plot's section. */
    private static String section(String html, String plotId) {
        int start = html.indexOf("<section id=\"" + plotId + "\">");
        assertThat(start).as("section " + plotId).isNotNegative();
        return html.substring(start, html.indexOf("</section>", start));
    }

    /** A table row as the HTML writes it; numbers are right-aligned cells. */
    private static String row(String... cells) {
        StringBuilder row = new StringBuilder("<tr>");
        for (String cell : cells) {
            row.append(cell.matches("-?[0-9]+(\\.[0-9]+)?") ? "<td class=\"n\">" : "<td>").append(cell)
                    .append("</td>");
        }
        return row.append("</tr>").toString();
    }

    private static String escapeXml(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
