package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The leveled R-tree's manifest (LevelDB's VersionEdit log): one append-only file per index partition, one JSON edit
 * per line, each line forced to disk before the engine acts on it. A flush edit describes a flushed or bulk-loaded
 * component when it is installed; a merge edit is the commit point of a merge (all its outputs are written and forced
 * before it, the in-memory install comes after); a move edit is the whole of a trivial move. The state of the index
 * (which components live, every component's level, MBR, entries and bytes) is the replay of the edits
 * ({@link #replay}); a flushed component that no edit names (the node died between its valid bit and its flush edit)
 * is live at level 0, and only its MBR and entries are unknown. A long manifest is rewritten at activation as one
 * snapshot edit of that state ({@link #rewrite}).
 * <p>
 * Pure Java (no Hyracks types), so that the replay and the start-up selection ({@link #select}) are unit-tested.
 */
public final class LeveledManifest {

    /** A dot-file: AsterixDB's start-up code and component-file filters skip names starting with a dot. */
    public static final String FILE_NAME = ".leveled-manifest";
    /** A rewrite in progress ({@link #rewrite}): a dot-file too, deleted at start-up if a crash left it. */
    public static final String REWRITE_NAME = FILE_NAME + ".rewrite";
    /** A manifest is rewritten when it holds more than {@code 2 x live components + 64} edits. */
    private static final int REWRITE_SLACK = 64;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern OUTPUT_NAME = Pattern.compile("(\\d+)_(\\d+)_m(\\d+)p(\\d+)");
    private static final Pattern FLUSH_NAME = Pattern.compile("(\\d+)_(\\d+)");

    private LeveledManifest() {
    }

    /**
     * A component as the manifest records it: its level, MBR ([minX, minY, maxX, maxY], anti-matter included), entry
     * count (matter and anti-matter) and bytes on disk.
     */
    public record Component(String name, int level, List<Double> mbr, long entries, long bytes) {

        /** The same component at {@code newLevel}. */
        Component atLevel(int newLevel) {
            return new Component(name, newLevel, mbr, entries, bytes);
        }
    }

    /** One line of the manifest. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "edit")
    @JsonSubTypes({ @JsonSubTypes.Type(value = FlushEdit.class, name = "flush"),
            @JsonSubTypes.Type(value = MergeEdit.class, name = "merge"),
            @JsonSubTypes.Type(value = MoveEdit.class, name = "move"),
            @JsonSubTypes.Type(value = SnapshotEdit.class, name = "snapshot") })
    public sealed interface Edit permits FlushEdit, MergeEdit, MoveEdit, SnapshotEdit {
    }

    /**
     * The whole replayed state in one edit: the only line of a rewritten manifest ({@link #rewrite}), which replays
     * to the same version as the edits it replaces.
     */
    public record SnapshotEdit(List<Component> live, List<String> removed, long lastSerial) implements Edit {

        public static SnapshotEdit of(Version version) {
            return new SnapshotEdit(
                    version.live().values().stream().sorted(Comparator.comparing(Component::name)).toList(),
                    version.removed().stream().sorted().toList(), version.lastSerial());
        }
    }

    /**
     * A flushed or bulk-loaded component was installed at level 0 (written once it is valid on disk, before the
     * policy sees it): its MBR, entries and bytes are known after a restart without scanning it.
     */
    public record FlushEdit(Component component) implements Edit {
    }

    /**
     * A committed merge: the {@code removed} components are gone, the {@code added} outputs live. {@code inputs}
     * describes the removed components as the policy saw them when it decided (so that the decision can be checked
     * against the policy core).
     */
    public record MergeEdit(long serial, List<String> removed, List<Component> added, List<Component> inputs)
            implements Edit {
    }

    /**
     * A trivial move: the component's level changes, nothing is written. {@code moved} describes it as the policy
     * saw it before the move (a flushed component's MBR and entries are in the manifest from then on).
     */
    public record MoveEdit(String component, int fromLevel, int toLevel, Component moved) implements Edit {
    }

    /** What a component's name says: its sequence range and, for a merge output, the merge's serial and output. */
    public record Name(long minSeq, long maxSeq, long serial, int output) {

        /** Parses a component file name; empty for a name that is neither a flush nor a merge output. */
        public static java.util.Optional<Name> parse(String fileName) {
            Matcher output = OUTPUT_NAME.matcher(fileName);
            if (output.matches()) {
                return java.util.Optional.of(new Name(Long.parseLong(output.group(1)), Long.parseLong(output.group(2)),
                        Long.parseLong(output.group(3)), Integer.parseInt(output.group(4))));
            }
            Matcher flush = FLUSH_NAME.matcher(fileName);
            if (flush.matches()) {
                return java.util.Optional.of(new Name(Long.parseLong(flush.group(1)), Long.parseLong(flush.group(2)),
                        -1, 0));
            }
            return java.util.Optional.empty();
        }

        public boolean isMergeOutput() {
            return serial >= 0;
        }

        /**
         * The policy's age of the component: newer data, larger id. Flushes order by sequence; the outputs of merges
         * come after the flush holding their newest data, ordered by merge and output.
         */
        public long age() {
            return (maxSeq << 32) | ((serial + 1) & 0xFFFFF) << 12 | (output & 0xFFF);
        }

        /** The file name of output {@code output} of merge {@code serial} whose inputs span {@code minSeq..maxSeq}. */
        public static String output(long minSeq, long maxSeq, long serial, int output) {
            return minSeq + "_" + maxSeq + "_m" + serial + "p" + output;
        }
    }

    /**
     * The replayed state.
     *
     * @param live     the components the edits describe and leave alive (flushes, merge outputs), by name
     * @param removed  the flushes committed merges consumed whose files may still exist: start-up deletes them (a
     *                 consumed merge output needs no record, since only outputs the version holds live)
     * @param lastSerial the highest merge serial committed, -1 for none
     */
    public record Version(Map<String, Component> live, Set<String> removed, long lastSerial) {

        public static final Version EMPTY = new Version(Map.of(), Set.of(), -1);

        /** The level of a live component: as the edits say, or 0 for a flush no edit names. */
        public int levelOf(String name) {
            Component component = live.get(name);
            return component == null ? 0 : component.level();
        }

        /** This version after {@code edit}. */
        public Version apply(Edit edit) {
            Map<String, Component> nextLive = new HashMap<>(live);
            Set<String> nextRemoved = new HashSet<>(removed);
            long serial = lastSerial;
            if (edit instanceof FlushEdit flush) {
                nextLive.put(flush.component().name(), flush.component().atLevel(0));
                nextRemoved.remove(flush.component().name());
            } else if (edit instanceof MergeEdit merge) {
                for (String name : merge.removed()) {
                    nextLive.remove(name);
                    if (!Name.parse(name).map(Name::isMergeOutput).orElse(false)) {
                        nextRemoved.add(name);
                    }
                }
                merge.added().forEach(output -> nextLive.put(output.name(), output));
                serial = Math.max(serial, merge.serial());
            } else if (edit instanceof MoveEdit move) {
                nextLive.put(move.component(), move.moved().atLevel(move.toLevel()));
            } else if (edit instanceof SnapshotEdit snapshot) {
                nextLive.clear();
                snapshot.live().forEach(component -> nextLive.put(component.name(), component));
                nextRemoved.clear();
                nextRemoved.addAll(snapshot.removed());
                serial = snapshot.lastSerial();
            }
            return new Version(Collections.unmodifiableMap(nextLive), Collections.unmodifiableSet(nextRemoved),
                    serial);
        }

        /**
         * This version with only the consumed flushes whose file {@code exists}: a deleted file never comes back, so
         * start-up needs no record of it, and {@code removed} stays as small as the deletions still pending.
         */
        public Version retainRemoved(Predicate<String> exists) {
            Set<String> pending = new HashSet<>();
            removed.stream().filter(exists).forEach(pending::add);
            return pending.size() == removed.size() ? this
                    : new Version(live, Collections.unmodifiableSet(pending), lastSerial);
        }
    }

    public static String encode(Edit edit) {
        try {
            return JSON.writeValueAsString(edit);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write manifest edit " + edit, e);
        }
    }

    /** Parses one committed line. */
    public static Edit decode(String line) throws JsonProcessingException {
        return JSON.readValue(line, Edit.class);
    }

    /**
     * Replays the manifest's lines. The last line may be torn (the node died while appending it): it was never
     * committed, since a commit returns only after the whole line is forced, so it is ignored. A bad line before the
     * last is corruption and fails.
     */
    public static Version replay(List<String> lines) {
        return replayLog(lines).version();
    }

    /** A replayed manifest: its version and how many committed edits it holds. */
    public record Log(Version version, int edits) {

        /**
         * True when the manifest holds many more edits than live components (more than {@code 2 x live + 64}), as
         * it does after many flushes and merges: time to {@link #rewrite} it.
         */
        public boolean isLong() {
            return edits > 2L * version.live().size() + REWRITE_SLACK;
        }
    }

    private static Log replayLog(List<String> lines) {
        Version version = Version.EMPTY;
        int edits = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            Edit edit;
            try {
                edit = decode(line);
            } catch (JsonProcessingException e) {
                if (i == lines.size() - 1) {
                    break;
                }
                throw new IllegalStateException("leveled manifest line " + (i + 1) + " is corrupt: " + line, e);
            }
            version = version.apply(edit);
            edits++;
        }
        return new Log(version, edits);
    }

    /** Reads and replays the manifest at {@code file}; an absent file is the empty version. */
    public static Version read(Path file) {
        return readLog(file).version();
    }

    /** Reads and replays the manifest at {@code file}, counting its edits; an absent file is the empty log. */
    public static Log readLog(Path file) {
        if (!Files.exists(file)) {
            return new Log(Version.EMPTY, 0);
        }
        try {
            // A torn line may hold a partial UTF-8 character; decode leniently.
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            return replayLog(List.of(text.split("\n", -1)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the leveled manifest " + file, e);
        }
    }

    /**
     * Replaces the manifest at {@code file} by one {@link SnapshotEdit} of {@code version} (as LevelDB writes a fresh
     * MANIFEST when it opens a database), atomically: the snapshot is written and forced to a dot-file beside it, which
     * is renamed over the manifest, and the directory is forced. A crash before the rename leaves the old manifest
     * whole, and the unfinished rewrite to {@link #discardUnfinishedRewrite}.
     */
    public static void rewrite(Path file, Version version) {
        installRewrite(prepareRewrite(file, version), file);
    }

    /** The first half of {@link #rewrite}: the snapshot written and forced beside the manifest. */
    static Path prepareRewrite(Path file, Version version) {
        Path next = file.resolveSibling(REWRITE_NAME);
        byte[] line = (encode(SnapshotEdit.of(version)) + "\n").getBytes(StandardCharsets.UTF_8);
        try (FileChannel channel = FileChannel.open(next, StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(line);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the rewritten leveled manifest " + next, e);
        }
        return next;
    }

    /** The second half of {@link #rewrite}: the commit point, a rename, then the directory forced. */
    static void installRewrite(Path next, Path file) {
        try {
            Files.move(next, file, StandardCopyOption.ATOMIC_MOVE);
            try (FileChannel directory = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
                directory.force(true);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot install the rewritten leveled manifest " + file, e);
        }
    }

    /**
     * Deletes what a crash in the middle of a {@link #rewrite} of the manifest at {@code file} left beside it; the
     * manifest itself is whole (the rename had not happened). Called at start-up, before the manifest is read.
     */
    public static void discardUnfinishedRewrite(Path file) {
        try {
            Files.deleteIfExists(file.resolveSibling(REWRITE_NAME));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete an unfinished rewrite of the leveled manifest " + file, e);
        }
    }

    /**
     * Appends {@code edit} as one line and forces it to disk: when this returns, the edit is committed. A torn
     * earlier tail (a crash mid-append) is first cut off, so it cannot glue onto this line.
     */
    public static void append(Path file, Edit edit) {
        byte[] line = (encode(edit) + "\n").getBytes(StandardCharsets.UTF_8);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.READ)) {
            long end = committedEnd(channel);
            channel.truncate(end);
            ByteBuffer buffer = ByteBuffer.wrap(line);
            long position = end;
            while (buffer.hasRemaining()) {
                position += channel.write(buffer, position);
            }
            channel.force(true);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the leveled manifest " + file, e);
        }
    }

    /** The length of the file up to and including its last newline. */
    private static long committedEnd(FileChannel channel) throws IOException {
        long size = channel.size();
        ByteBuffer one = ByteBuffer.allocate(1);
        for (long position = size - 1; position >= 0; position--) {
            one.clear();
            channel.read(one, position);
            if (one.get(0) == '\n') {
                return position + 1;
            }
        }
        return 0;
    }

    /** What an index partition keeps of its component files at start-up, and what it deletes. */
    public record Selection(List<String> keptInOrder, List<String> deleted) {
    }

    /**
     * Decides, from the valid component files on disk and the replayed version, which files are components: a merge
     * output lives only if a committed edit added it and none removed it (otherwise its merge crashed before the
     * commit, or it was consumed later), a flush lives unless a committed merge consumed it, whether or not a flush
     * edit describes it (a valid flush without its edit is still data). Never by range nesting.
     * Kept files come in the index's search order: level 0 newest first, then each deeper level, newest first.
     */
    public static Selection select(List<String> fileNames, Version version) {
        List<String> kept = new ArrayList<>();
        List<String> deleted = new ArrayList<>();
        for (String file : fileNames) {
            Name name = Name.parse(file).orElseThrow(
                    () -> new IllegalStateException("unexpected file " + file + " in a leveled R-tree directory"));
            boolean live = name.isMergeOutput() ? version.live().containsKey(file) : !version.removed().contains(file);
            (live ? kept : deleted).add(file);
        }
        kept.sort((a, b) -> {
            int byLevel = Integer.compare(version.levelOf(a), version.levelOf(b));
            return byLevel != 0 ? byLevel
                    : Long.compare(Name.parse(b).orElseThrow().age(), Name.parse(a).orElseThrow().age());
        });
        deleted.sort(null);
        return new Selection(kept, deleted);
    }
}
