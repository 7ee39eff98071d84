package org.spatiallsm.experiment.report;

import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Writes report.html: one self-contained file (inline style, images as data URIs, no script) that opens offline.
 */
final class HtmlReport {
    private static final String STYLE = """
            body{font-family:sans-serif;max-width:960px;margin:1em auto;padding:0 1em;color:#222}
            table{border-collapse:collapse;margin:.5em 0;font-size:.85em}
            th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left}
            td.n{text-align:right}
            p.note{font-size:.85em;color:#555}
            img{max-width:100%;height:auto;border:1px solid #eee}
            section{margin:2em 0}
            """;

    private HtmlReport() {
    }

    /** {@code png} holds each plot's PNG by plot id. */
    static String render(Run run, List<Plot> plots, Map<String, byte[]> png) {
        RunInfo info = run.info();
        String title = info.title().isEmpty() ? info.study() : info.title();
        StringBuilder html = new StringBuilder();
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>")
                .append(escape(title)).append("</title>\n<style>").append(STYLE).append("</style>\n</head>\n<body>\n")
                .append("<h1>").append(escape(title)).append("</h1>\n");
        for (Header.Section section : Header.of(run)) {
            html.append("<h3>").append(escape(section.title())).append("</h3>\n");
            table(html, section.table());
        }
        html.append("<p class=\"note\">").append(escape(Report.DEFINITIONS)).append("</p>\n<h3>Plots</h3>\n<ul>\n");
        plots.forEach(plot -> html.append("<li><a href=\"#").append(escape(plot.id())).append("\">")
                .append(escape(plot.title())).append("</a></li>\n"));
        html.append("</ul>\n");
        for (Plot plot : plots) {
            html.append("<section id=\"").append(escape(plot.id())).append("\">\n<h2>").append(escape(plot.title()))
                    .append("</h2>\n<img src=\"data:image/png;base64,")
                    .append(Base64.getEncoder().encodeToString(png.get(plot.id())))
                    .append("\" width=\"").append(Charts.WIDTH).append("\" height=\"").append(Charts.HEIGHT)
                    .append("\" alt=\"").append(escape(plot.title())).append("\">\n<p class=\"note\">plots/")
                    .append(escape(plot.id())).append(".png</p>\n");
            table(html, plot.table());
            html.append("</section>\n");
        }
        return html.append("</body>\n</html>\n").toString();
    }

    private static void table(StringBuilder html, Table table) {
        html.append("<table>\n<tr>");
        table.header().forEach(h -> html.append("<th>").append(escape(h)).append("</th>"));
        html.append("</tr>\n");
        for (List<String> row : table.rows()) {
            html.append("<tr>");
            for (String cell : row) {
                html.append(isNumber(cell) ? "<td class=\"n\">" : "<td>").append(escape(cell)).append("</td>");
            }
            html.append("</tr>\n");
        }
        html.append("</table>\n");
        if (!table.note().isEmpty()) {
            html.append("<p class=\"note\">").append(escape(table.note())).append("</p>\n");
        }
    }

    private static boolean isNumber(String cell) {
        return cell.matches("-?[0-9]+(\\.[0-9]+)?");
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
