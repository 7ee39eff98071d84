package org.spatiallsm.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.Studies;
import org.spatiallsm.experiment.Study;

/**
 * The run time of every preset appears twice: in {@code experiment --list} (the study's {@code runTime}) and in the
 * preset table of the study's section of docs/experiments.md. They must say the same, so that a run time measured
 * and written down in one place cannot stay "not measured yet" in the other.
 */
class PresetRunTimesDocTest {

    private static final Path DOC = Path.of("..", "docs", "experiments.md");
    private static final String RUN_TIME_COLUMN = "run time on 2 cores";
    private static final Pattern NEXT_SECTION = Pattern.compile("\n#{2,3} ");

    static List<Study> studies() {
        return Studies.ALL;
    }

    @ParameterizedTest
    @MethodSource("studies")
    void theDocsPresetTableGivesTheRunTimesThatListShows(Study study) throws IOException {
        Map<String, String> listed = new LinkedHashMap<>();
        for (Scale scale : Scale.values()) {
            listed.put(scale.id(), study.runTime(scale));
        }
        assertThat(runTimes(section(Files.readString(DOC), study.name())))
                .as(study.name() + ": docs/experiments.md's run times against experiment --list's")
                .containsExactlyEntriesOf(listed);
    }

    /**
     * The text of the section headed {@code ### name}, up to the next heading of level 2 or 3 (not at a line starting
     * with a single {@code #}, which may be a comment in a shell block).
     */
    private static String section(String doc, String name) {
        int start = doc.indexOf("\n### " + name + "\n");
        assertThat(start).as("a section '### " + name + "' in docs/experiments.md").isNotNegative();
        Matcher next = NEXT_SECTION.matcher(doc);
        return next.find(start + 1) ? doc.substring(start, next.start()) : doc.substring(start);
    }

    /** Scale id to the last cell of its row in the section's table whose last column is the run time. */
    private static Map<String, String> runTimes(String section) {
        Map<String, String> runTimes = new LinkedHashMap<>();
        boolean inTable = false;
        for (String line : section.lines().map(String::strip).toList()) {
            if (!line.startsWith("|")) {
                inTable = false;
                continue;
            }
            List<String> cells = List.of(line.substring(1, line.length() - 1).split("\\|")).stream()
                    .map(String::strip).toList();
            if (cells.get(cells.size() - 1).equals(RUN_TIME_COLUMN)) {
                inTable = true;
            } else if (inTable && !cells.get(0).startsWith("---")) {
                runTimes.put(cells.get(0), plain(cells.get(cells.size() - 1)));
            }
        }
        return runTimes;
    }

    /** A cell as {@code --list} prints it: markdown links reduced to their text, no code spans. */
    private static String plain(String cell) {
        return cell.replaceAll("\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replace("`", "");
    }
}
