package org.spatiallsm.experiment.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The report's opening tables: what ran, where, with which parameters, and how large the indexes grew. */
final class Header {
    private Header() {
    }

    /** A titled table of the header. */
    record Section(String title, Table table) {
    }

    static List<Section> of(Run run) {
        RunInfo info = run.info();
        List<Section> sections = new ArrayList<>();
        sections.add(new Section("Run", keyValue(List.of(
                List.of("study", info.study()), List.of("scale", info.scale()),
                List.of("started", info.startedAt()),
                List.of("finished", info.finishedAt().isEmpty() ? "not finished" : info.finishedAt()),
                List.of("commit", info.commit())))));
        sections.add(new Section("Machine", keyValue(rows(info.machine()))));
        sections.add(new Section("Cluster", keyValue(rows(info.cluster()))));
        List<List<String>> parameters = new ArrayList<>();
        info.parameters().forEach((name, value) ->
                parameters.add(List.of(name, value, info.changedParameters().contains(name) ? "changed" : "")));
        String changed = info.changedParameters().isEmpty() ? "Every parameter is the scale preset's."
                : "Changed from the scale preset: " + String.join(", ", info.changedParameters()) + ".";
        sections.add(new Section("Parameters", new Table(List.of("parameter", "value", "changed"), parameters,
                changed)));
        List<List<String>> configurations = new ArrayList<>();
        run.configurations().forEach(d -> configurations.add(List.of(d.configuration().id(),
                d.configuration().label(), d.complete() ? "yes" : "no")));
        sections.add(new Section("Configurations", new Table(List.of("id", "label", "complete"), configurations,
                "")));
        List<List<String>> sizes = new ArrayList<>();
        info.indexVsCache().forEach(i -> sizes.add(List.of(i.configuration(), i.index(),
                Format.mebibytes(i.indexBytes()), Format.mebibytes(i.cacheBytes()),
                i.cacheBytes() > 0 ? Format.number((double) i.indexBytes() / i.cacheBytes()) : "")));
        sections.add(new Section("Index size against the buffer cache", new Table(List.of("configuration", "index",
                "index MiB", "buffer cache MiB", "index / cache"), sizes,
                "Above 1 the index cannot stay in the buffer cache: its searches read pages from disk.")));
        return sections;
    }

    private static List<List<String>> rows(Map<String, String> map) {
        List<List<String>> rows = new ArrayList<>();
        map.forEach((key, value) -> rows.add(List.of(key, value)));
        return rows;
    }

    private static Table keyValue(List<List<String>> rows) {
        return new Table(List.of("field", "value"), rows, "");
    }
}
