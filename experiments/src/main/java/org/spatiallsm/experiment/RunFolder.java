package org.spatiallsm.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * {@code <out>/<study>-<yyyyMMdd-HHmmss>/}: {@code run.json} and one subfolder per configuration, finished when its
 * {@code complete.json} exists. Files are replaced atomically and {@code complete.json} is written last, so an
 * interrupted run leaves a folder in which every configuration is either complete or redone on resume.
 */
public final class RunFolder {

    public static final String RUN_JSON = "run.json";
    public static final String COMPLETE_JSON = "complete.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private final Path root;

    private RunFolder(Path root) {
        this.root = root;
    }

    /** A new folder for {@code study} under {@code out}, named by {@code now}. */
    public static RunFolder create(Path out, String study, Instant now) throws IOException {
        Path root = out.resolve(study + "-" + STAMP.format(now));
        if (Files.exists(root)) {
            throw new IllegalArgumentException(root + " exists already; wait a second or use --resume");
        }
        Files.createDirectories(root);
        return new RunFolder(root);
    }

    /** The newest folder of {@code study} under {@code out} that has a run.json: what --resume continues. */
    public static RunFolder latest(Path out, String study) throws IOException {
        Optional<Path> newest;
        try (Stream<Path> folders = Files.isDirectory(out) ? Files.list(out) : Stream.empty()) {
            newest = folders.filter(p -> p.getFileName().toString().matches(study + "-[0-9]{8}-[0-9]{6}"))
                    .filter(p -> Files.isRegularFile(p.resolve(RUN_JSON)))
                    .max(Comparator.comparing(p -> p.getFileName().toString()));
        }
        return new RunFolder(newest.orElseThrow(() -> new IllegalArgumentException("--resume: " + out
                + " holds no earlier run of " + study)));
    }

    public Path root() {
        return root;
    }

    public JsonNode readRun() throws IOException {
        return JSON.readTree(root.resolve(RUN_JSON).toFile());
    }

    public void writeRun(ObjectNode run) throws IOException {
        writeAtomically(root.resolve(RUN_JSON), run);
    }

    public boolean isComplete(Configuration configuration) {
        return Files.isRegularFile(root.resolve(configuration.id()).resolve(COMPLETE_JSON));
    }

    /** The configuration's folder, emptied: what an interrupted attempt left is redone. */
    public Path freshConfigurationFolder(Configuration configuration) throws IOException {
        Path folder = root.resolve(configuration.id());
        if (Files.exists(folder)) {
            try (Stream<Path> old = Files.walk(folder)) {
                for (Path path : old.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
        return Files.createDirectories(folder);
    }

    /** Written last: from here on --resume skips the configuration. */
    public void markComplete(Configuration configuration, ObjectNode complete) throws IOException {
        writeAtomically(root.resolve(configuration.id()).resolve(COMPLETE_JSON), complete);
    }

    private static void writeAtomically(Path file, JsonNode content) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        JSON.writeValue(temporary.toFile(), content);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    static ObjectMapper json() {
        return JSON;
    }
}
