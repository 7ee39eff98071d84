package org.spatiallsm.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.spatiallsm.cli.CliRun;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.testcluster.SpatialClusterExtension;

/**
 * docs/errors.md, row by row: each bad input is run (a SQL++ statement through {@code spatial-lsm sqlpp}, or a
 * command line) against the in-process cluster, and what it prints on standard error and its exit code must be the
 * row's. The rows are read from the document, so the document and this test cannot drift apart.
 */
@ExtendWith(SpatialClusterExtension.class)
class ErrorsDocTest {

    private static final Path DOC = Path.of("..", "docs", "errors.md");
    /** A table row: | input | `command` | `message` | exit |, with \| standing for a | inside a cell. */
    private static final Pattern ROW = Pattern.compile("^\\|(.*)\\|$");

    /** One row of the document's tables. */
    record Row(String input, String command, String message, int exitCode) {
    }

    static List<Row> rows(String doc) {
        List<Row> rows = new ArrayList<>();
        for (String line : doc.lines().toList()) {
            Matcher row = ROW.matcher(line.strip());
            if (!row.matches()) {
                continue;
            }
            String[] cells = row.group(1).split("(?<!\\\\)\\|");
            if (cells.length != 4 || !cells[1].strip().startsWith("`")) {
                continue;
            }
            rows.add(new Row(cells[0].strip(), code(cells[1]), code(cells[2]),
                    Integer.parseInt(cells[3].strip())));
        }
        return rows;
    }

    /** The text of a cell's code span, with \| read as |. */
    private static String code(String cell) {
        String text = cell.strip().replace("\\|", "|");
        assertThat(text).as("a cell in backticks: " + cell).startsWith("`").endsWith("`");
        return text.substring(1, text.length() - 1);
    }

    /** The fenced sql block that follows "Setup:" in the document. */
    static String setup(String doc) {
        int start = doc.indexOf("```sql", doc.indexOf("Setup:")) + "```sql".length();
        return doc.substring(start, doc.indexOf("```", start)).strip();
    }

    /** Splits a command line as a POSIX shell does for words in single quotes, double quotes, or neither. */
    static List<String> words(String commandLine) {
        List<String> words = new ArrayList<>();
        StringBuilder word = null;
        char quote = 0;
        for (char c : commandLine.toCharArray()) {
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
                word = word == null ? new StringBuilder() : word;
            } else if (Character.isWhitespace(c)) {
                if (word != null) {
                    words.add(word.toString());
                }
                word = null;
            } else {
                word = (word == null ? new StringBuilder() : word).append(c);
            }
        }
        if (word != null) {
            words.add(word.toString());
        }
        return words;
    }

    @Test
    void commandLinesAreSplitAsAShellSplitsThem() {
        assertThat(words("spatial-lsm load --with '{\"k\": 1}' --x \"a b\"  c''")).containsExactly("spatial-lsm",
                "load", "--with", "{\"k\": 1}", "--x", "a b", "c");
        assertThat(rows("| a | `spatial-lsm x \\| y` | `error: p\\|q` | 2 |\n| Input | Command | You see | Exit |"))
                .containsExactly(new Row("a", "spatial-lsm x | y", "error: p|q", 2));
    }

    @Test
    void everyRowOfErrorsMdGivesItsOneLineMessageAndExitCode(QueryServiceClient client, @TempDir Path dir)
            throws IOException {
        String doc = Files.readString(DOC);
        client.executeOrThrow(setup(doc));
        List<Row> rows = rows(doc);
        assertThat(rows).hasSizeGreaterThan(20);
        List<String> wrong = new ArrayList<>();
        for (Row row : rows) {
            CliRun run;
            if (row.command().startsWith("spatial-lsm ")) {
                List<String> args = words(row.command());
                run = CliRun.of(args.subList(1, args.size()).toArray(String[]::new));
            } else {
                Path statement = Files.writeString(dir.resolve("statement.sqlpp"), row.command());
                run = CliRun.of("sqlpp", statement.toString());
            }
            String seen = run.err().strip();
            if (!seen.equals(row.message()) || run.exitCode() != row.exitCode() || seen.contains("\n")) {
                wrong.add(row.input() + ": expected `" + row.message() + "` (exit " + row.exitCode() + "), got `"
                        + seen + "` (exit " + run.exitCode() + ")");
            }
        }
        assertThat(wrong).as("rows of docs/errors.md whose input gives another message").isEmpty();
    }
}
