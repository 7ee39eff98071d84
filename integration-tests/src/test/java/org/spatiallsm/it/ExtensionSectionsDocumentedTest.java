package org.spatiallsm.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The {@code [extension/...]} sections the docs tell a user to put in {@code cc.conf} are exactly those of every
 * shipped {@code cc.conf}, each names a class we ship, and each has a key (AsterixDB drops empty sections). No
 * cluster: this reads the repository's files.
 */
class ExtensionSectionsDocumentedTest {

    private static final Path REPO = Path.of("..");
    private static final Pattern SECTION = Pattern.compile("^\\[extension/([^\\]]+)]\\s*$", Pattern.MULTILINE);

    private static Set<String> sections(String text) {
        Set<String> names = new TreeSet<>();
        Matcher section = SECTION.matcher(text);
        while (section.find()) {
            names.add(section.group(1));
        }
        return names;
    }

    private static List<Path> files(Path dir, String name) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            return paths.filter(path -> path.getFileName().toString().matches(name)).sorted().toList();
        }
    }

    /** The sections named in the docs (docs/*.md and README.md), by file. */
    private static Map<Path, Set<String>> documented() throws IOException {
        Map<Path, Set<String>> byFile = new TreeMap<>();
        for (Path doc : Stream.concat(files(REPO.resolve("docs"), ".*\\.md").stream(),
                Stream.of(REPO.resolve("README.md"))).toList()) {
            Set<String> named = sections(Files.readString(doc));
            if (!named.isEmpty()) {
                byFile.put(doc, named);
            }
        }
        return byFile;
    }

    private static Map<Path, Set<String>> shipped() throws IOException {
        Map<Path, Set<String>> byFile = new TreeMap<>();
        for (Path conf : files(REPO.resolve("distribution/src/main/dist/cluster-conf"), "cc\\.conf")) {
            byFile.put(conf, sections(Files.readString(conf)));
        }
        return byFile;
    }

    @Test
    void everyShippedConfigurationHasExactlyTheSectionsTheDocsName() throws IOException {
        Map<Path, Set<String>> documented = documented();
        Map<Path, Set<String>> shipped = shipped();
        assertThat(documented).as("docs naming [extension/...] sections").isNotEmpty();
        assertThat(shipped.keySet()).as("shipped cc.conf files").extracting(path -> path.getParent().getFileName()
                .toString()).contains("local", "multi-host");

        for (Map.Entry<Path, Set<String>> doc : documented.entrySet()) {
            for (Map.Entry<Path, Set<String>> conf : shipped.entrySet()) {
                assertThat(conf.getValue()).as("[extension/...] sections of %s against those %s names",
                        conf.getKey(), doc.getKey()).isEqualTo(doc.getValue());
            }
        }
    }

    @Test
    void everySectionNamesAClassWeShip() throws IOException {
        Set<String> all = new TreeSet<>();
        documented().values().forEach(all::addAll);
        shipped().values().forEach(all::addAll);

        assertThat(all).hasSize(3).allSatisfy(name -> assertThat(name).startsWith("org.spatiallsm."))
                .allSatisfy(name -> assertThat(Class.forName(name)).isNotNull());
    }

    @Test
    void everyShippedSectionHasAKey() throws IOException {
        for (Path conf : shipped().keySet()) {
            String text = Files.readString(conf);
            Matcher section = SECTION.matcher(text);
            while (section.find()) {
                String body = text.substring(section.end()).split("(?m)^\\[", 2)[0];
                assertThat(body.lines().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith(";")))
                        .as("keys of [extension/%s] in %s", section.group(1), conf)
                        .anyMatch(line -> line.contains("="));
            }
        }
    }
}
