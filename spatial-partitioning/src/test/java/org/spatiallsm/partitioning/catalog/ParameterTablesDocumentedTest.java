package org.spatiallsm.partitioning.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.spatiallsm.merge.ParameterSpec;

/**
 * Every parameter table in docs/ (a table whose header starts {@code | Policy | Natural name | 0.9.8 name | Type |
 * Default |}) against the catalog, both ways: each catalog parameter has exactly one row, with its 0.9.8 name and
 * default, and each row is a catalog parameter. Reads the repository's files.
 */
class ParameterTablesDocumentedTest {

    private static final Path DOCS = Path.of("..", "docs");
    private static final String HEADER = "| Policy | Natural name | 0.9.8 name | Type | Default |";
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");

    /** One documented parameter: where, and what its row says. */
    private record Row(Path file, String policy, String parameter, String legacyName, String defaultText) {
    }

    private static List<Row> documentedRows() throws IOException {
        List<Row> rows = new ArrayList<>();
        try (Stream<Path> docs = Files.list(DOCS)) {
            for (Path doc : docs.filter(path -> path.toString().endsWith(".md")).sorted().toList()) {
                boolean inTable = false;
                for (String line : Files.readAllLines(doc)) {
                    if (line.startsWith(HEADER)) {
                        inTable = true;
                    } else if (!line.startsWith("|")) {
                        inTable = false;
                    } else if (inTable && !line.startsWith("|---")) {
                        rows.addAll(rowsOf(doc, line));
                    }
                }
            }
        }
        return rows;
    }

    /** A row names one parameter of one or more policies. */
    private static List<Row> rowsOf(Path doc, String line) {
        String[] cells = line.split("\\|");
        String parameter = codes(cells[2]).get(0);
        List<String> legacy = codes(cells[3]);
        String legacyName = legacy.isEmpty() ? null : legacy.get(0);
        String defaultText = cells[5].replaceAll("\\(.*\\)", "").replace("`", "").replace(",", "").strip();
        return codes(cells[1]).stream().map(policy -> new Row(doc, policy, parameter, legacyName, defaultText))
                .toList();
    }

    private static List<String> codes(String cell) {
        List<String> codes = new ArrayList<>();
        Matcher code = CODE.matcher(cell);
        while (code.find()) {
            codes.add(code.group(1));
        }
        return codes;
    }

    @Test
    void everyCatalogParameterHasExactlyOneDocumentedRowWithItsDefault() throws IOException {
        List<Row> rows = documentedRows();
        for (CatalogPolicy policy : PolicyCatalog.all()) {
            for (ParameterSpec parameter : policy.parameters()) {
                List<Row> documented = rows.stream().filter(row -> row.policy().equals(policy.name())
                        && row.parameter().equals(parameter.name())).toList();
                assertThat(documented).as("rows documenting %s's parameter %s", policy.name(), parameter.name())
                        .hasSize(1);
                Row row = documented.get(0);
                assertThat(row.defaultText()).as("default of %s in %s", parameter.name(), row.file())
                        .isEqualTo(parameter.defaultText());
                assertThat(row.legacyName()).as("0.9.8 name of %s in %s", parameter.name(), row.file())
                        .isEqualTo(parameter.legacyName());
            }
        }
    }

    @Test
    void everyDocumentedRowIsACatalogParameter() throws IOException {
        Map<String, List<String>> unknown = new TreeMap<>();
        for (Row row : documentedRows()) {
            boolean known = PolicyCatalog.find(row.policy()).filter(p -> p.hasParameter(row.parameter())).isPresent();
            if (!known) {
                unknown.computeIfAbsent(row.file().toString(), file -> new ArrayList<>())
                        .add(row.policy() + "." + row.parameter());
            }
        }
        assertThat(unknown).as("documented parameters the catalog does not have").isEmpty();
    }

    @Test
    void eachPolicysParametersAreDocumentedInOneFile() throws IOException {
        List<Row> rows = documentedRows();
        assertThat(rows).as("documented parameter rows").isNotEmpty();
        for (CatalogPolicy policy : PolicyCatalog.all()) {
            assertThat(rows.stream().filter(row -> row.policy().equals(policy.name())).map(Row::file).distinct())
                    .as("files with a parameter table of %s", policy.name()).hasSize(1);
        }
    }
}
