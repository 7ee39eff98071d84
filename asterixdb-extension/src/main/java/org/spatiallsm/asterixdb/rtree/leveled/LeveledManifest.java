package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.spatiallsm.geometry.Rect;

/**
 * The manifest of a leveled index, R-tree or B-tree (LevelDB's VersionEdit log): one append-only file per index
 * partition, one JSON edit per line behind its checksum ({@link ManifestLines}), each line forced to disk before the
 * engine acts on it. A flush edit describes a flushed or bulk-loaded component when it is installed; a merge edit is
 * the commit point of a merge (all its outputs are written and forced before it, the in-memory install comes after);
 * a move edit is the whole of a trivial move. The state of the index (which components live, every component's
 * level, bounds, entries and bytes) is the replay of the edits ({@link #replay}); a flushed component that no edit
 * names (the node died between its valid bit and its flush edit) is live at level 0, and only its bounds and entries
 * are unknown. A long manifest is rewritten at activation as one snapshot edit of that state ({@link #rewrite}).
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

    private static final ObjectMapper JSON = new ObjectMapper().registerModule(MbrJson.MODULE);
    private static final Pattern OUTPUT_NAME = Pattern.compile("(\\d+)_(\\d+)_m(\\d+)p(\\d+)");
    private static final Pattern FLUSH_NAME = Pattern.compile("(\\d+)_(\\d+)");

    private LeveledManifest() {
    }

    /**
     * A component as the manifest records it: its level, bounds (anti-matter included), entry count (matter and
     * anti-matter) and bytes on disk. The bounds are those of the index's key type: an R-tree component's MBR
     * ([minX, minY, maxX, maxY]), or a B-tree component's smallest and largest key ({@code keys}); the other is
     * null and left out of the line, so R-tree lines read as they always did.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Component(String name, int level, Rect mbr, KeyBounds keys, long entries, long bytes) {

        /** An R-tree component. */
        public Component(String name, int level, Rect mbr, long entries, long bytes) {
            this(name, level, mbr, null, entries, bytes);
        }

        /** A B-tree component. */
        public Component(String name, int level, KeyBounds keys, long entries, long bytes) {
            this(name, level, null, keys, entries, bytes);
        }

        /** The same component at {@code newLevel}. */
        Component atLevel(int newLevel) {
            return new Component(name, newLevel, mbr, keys, entries, bytes);
        }
    }

    /**
     * The smallest and the largest key of a B-tree component, anti-matter included: each key is the list of its
     * fields' bytes as the B-tree stores them (AsterixDB's serialized values, type tags included), in lowercase hex.
     */
    public record KeyBounds(List<String> min, List<String> max) {

        public KeyBounds {
            min = List.copyOf(min);
            max = List.copyOf(max);
        }

        /** The bounds of keys given as their fields' bytes. */
        public static KeyBounds of(byte[][] min, byte[][] max) {
            return new KeyBounds(hex(min), hex(max));
        }

        public byte[][] minFields() {
            return bytes(min);
        }

        public byte[][] maxFields() {
            return bytes(max);
        }

        private static List<String> hex(byte[][] fields) {
            return Arrays.stream(fields).map(HexFormat.of()::formatHex).toList();
        }

        private static byte[][] bytes(List<String> fields) {
            return fields.stream().map(HexFormat.of()::parseHex).toArray(byte[][]::new);
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
        public static Optional<Name> parse(String fileName) {
            Matcher output = OUTPUT_NAME.matcher(fileName);
            if (output.matches()) {
                return Optional.of(new Name(Long.parseLong(output.group(1)), Long.parseLong(output.group(2)),
                        Long.parseLong(output.group(3)), Integer.parseInt(output.group(4))));
            }
            Matcher flush = FLUSH_NAME.matcher(fileName);
            if (flush.matches()) {
                return Optional.of(new Name(Long.parseLong(flush.group(1)), Long.parseLong(flush.group(2)),
                        -1, 0));
            }
            return Optional.empty();
        }

        public boolean isMergeOutput() {
            return serial >= 0;
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

        /**
         * A live component below level 0 that holds data newer than the flush {@code flushName}, if any. A flush
         * with no edit is the newest data only if none exists: it then opens at level 0 (the node died between its
         * flush and its edit). Otherwise its edit was lost while the node went on, its records were superseded by
         * newer data merged below it, and opening it at level 0 would bring back what they deleted or overwrote.
         */
        public Optional<Component> newerBelowLevel0(String flushName) {
            long flushed = Name.parse(flushName).orElseThrow().maxSeq();
            return live.values().stream().filter(c -> c.level() > 0)
                    .filter(c -> Name.parse(c.name()).orElseThrow().maxSeq() > flushed).findFirst();
        }

        /**
         * The live flushes that have no file and are newer than sequence {@code checkpointed}: the node died (or
         * halted on a failed write) after their flush edit and before the index checkpoint named them, so AsterixDB
         * deleted their files at start-up and replays their records from the log.
         */
        public List<String> uncheckpointedFlushes(Set<String> files, long checkpointed) {
            return live.keySet().stream().filter(name -> !files.contains(name))
                    .filter(name -> Name.parse(name).filter(n -> !n.isMergeOutput() && n.maxSeq() > checkpointed)
                            .isPresent())
                    .sorted().toList();
        }

        /**
         * Why an index partition with these valid component files must not open, or empty: a component this version
         * keeps live has no file, so it would vanish without a word. Asked after {@link #forget} has dropped the
         * {@link #uncheckpointedFlushes}, whose files AsterixDB deletes at start-up and whose records its log
         * replays.
         */
        public Optional<String> liveWithoutFile(Collection<String> validFiles) {
            Set<String> present = new HashSet<>(validFiles);
            return live.keySet().stream().filter(name -> !present.contains(name)).sorted().findFirst()
                    .map(missing -> "live component " + missing + " has no valid file");
        }

        /** This version without the live records {@code names} (nothing on disk is theirs). */
        public Version forget(List<String> names) {
            Map<String, Component> nextLive = new HashMap<>(live);
            names.forEach(nextLive::remove);
            return new Version(Collections.unmodifiableMap(nextLive), removed, lastSerial);
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

    /** The edit's JSON: what a manifest line carries after its checksum. */
    public static String encode(Edit edit) {
        try {
            return JSON.writeValueAsString(edit);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write manifest edit " + edit, e);
        }
    }

    /** The manifest line of {@code edit} (without its {@code \n}): the JSON behind its CRC32C. */
    public static String line(Edit edit) {
        return ManifestLines.format(encode(edit));
    }

    /**
     * Parses one complete line, with its checksum ({@link #line}) or without (a manifest written before lines had
     * checksums, or a bare {@link #encode}).
     *
     * @throws IllegalArgumentException (one line) if the checksum does not match or the JSON is no edit
     */
    public static Edit decode(String line) {
        String json = ManifestLines.json(line);
        try {
            return JSON.readValue(json, Edit.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a manifest edit: " + e.getOriginalMessage(), e);
        }
    }

    /** True if {@code line} is blank or a whole edit. */
    private static boolean isWhole(String line) {
        if (line.isBlank()) {
            return true;
        }
        try {
            decode(line);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * Replays the manifest's complete lines (each was followed by {@code \n}; see {@link ManifestLines#terminated}).
     * The last one may still be bad (a crash or power loss while appending it can leave its {@code \n} on disk and
     * not all of its bytes): it was never committed, since a commit returns only after the whole line is forced, so
     * it is ignored, and the next append cuts it off. A bad line before the last is corruption and fails.
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
            } catch (IllegalArgumentException e) {
                if (i == lines.size() - 1) {
                    break;
                }
                throw new IllegalStateException("leveled manifest line " + (i + 1) + " is corrupt ("
                        + e.getMessage() + "): " + line, e);
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
            return replayLog(ManifestLines.terminated(Files.readAllBytes(file)));
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
        byte[] line = (line(SnapshotEdit.of(version)) + "\n").getBytes(StandardCharsets.UTF_8);
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
            forceDirectory(DISK, file.getParent());
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
     * An append that failed and could not be undone: the line may be in the file (written, not forced), so the edit
     * may or may not count as committed at the next start. Nothing the edit would have made obsolete may be deleted.
     */
    public static final class UndecidedAppendException extends UncheckedIOException {
        private static final long serialVersionUID = 1L;

        UndecidedAppendException(String message, IOException cause) {
            super(message, cause);
        }
    }

    /**
     * Opens the manifest's files and its directory: the file system itself ({@link #DISK}), or in tests a model of
     * a power loss that keeps only what was forced.
     */
    @FunctionalInterface
    interface Storage {
        FileChannel open(Path path, OpenOption... options) throws IOException;
    }

    static final Storage DISK = FileChannel::open;

    /**
     * Appends {@code edit} as one line and forces it to disk: when this returns, the edit is committed. A torn or bad
     * earlier tail (a crash mid-append) is first cut off, so it cannot glue onto this line. The directory is forced
     * before a merge edit (so that the outputs' names, created since, are durable before the edit that makes them
     * live) and after the append that creates the manifest (so that the manifest's own name is). When the write or
     * the force fails (a full disk, an I/O error), the file is cut back to its committed end and forced, so the edit
     * is certainly not committed and {@link UncheckedIOException} is thrown; if even that fails,
     * {@link UndecidedAppendException}.
     */
    public static void append(Path file, Edit edit) {
        append(DISK, file, edit);
    }

    static void append(Storage storage, Path file, Edit edit) {
        byte[] line = (line(edit) + "\n").getBytes(StandardCharsets.UTF_8);
        try {
            if (edit instanceof MergeEdit) {
                forceDirectory(storage, file.getParent());
            }
            boolean creates = !Files.exists(file);
            try (FileChannel channel = storage.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.READ)) {
                long end = committedEnd(channel);
                channel.truncate(end);
                try {
                    ByteBuffer buffer = ByteBuffer.wrap(line);
                    long position = end;
                    while (buffer.hasRemaining()) {
                        position += channel.write(buffer, position);
                    }
                    channel.force(true);
                } catch (IOException failed) {
                    undo(channel, end, file, failed);
                    throw failed;
                }
            }
            if (creates) {
                forceDirectory(storage, file.getParent());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append to the leveled manifest " + file + ": " + e.getMessage(), e);
        }
    }

    /** Cuts a failed append off the manifest, durably, or throws {@link UndecidedAppendException}. */
    private static void undo(FileChannel channel, long end, Path file, IOException failed) {
        try {
            channel.truncate(end);
            channel.force(true);
        } catch (IOException e) {
            failed.addSuppressed(e);
            throw new UndecidedAppendException("an append to the leveled manifest " + file + " failed ("
                    + failed.getMessage() + ") and could not be cut off", failed);
        }
    }

    /** Forces a directory's entries (new and renamed names) to disk, as fsync(2) of the directory does on Linux. */
    static void forceDirectory(Storage storage, Path directory) throws IOException {
        try (FileChannel channel = storage.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    /**
     * The length of the file up to the end of its last whole line: its last {@code \n}, or the one before when the
     * line it ends is bad (see {@link #replay}).
     */
    private static long committedEnd(FileChannel channel) throws IOException {
        long last = lastNewlineBefore(channel, channel.size());
        if (last < 0) {
            return 0;
        }
        long start = lastNewlineBefore(channel, last) + 1;
        ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(last - start));
        while (bytes.hasRemaining() && channel.read(bytes, start + bytes.position()) >= 0) {
            // Reads until the line is complete; the file ends after it.
        }
        return isWhole(new String(bytes.array(), StandardCharsets.UTF_8)) ? last + 1 : start;
    }

    /** The position of the last {@code \n} before {@code end}, or -1; read backwards in blocks. */
    private static long lastNewlineBefore(FileChannel channel, long end) throws IOException {
        ByteBuffer block = ByteBuffer.allocate(8192);
        for (long blockEnd = end; blockEnd > 0; blockEnd -= block.capacity()) {
            long blockStart = Math.max(0, blockEnd - block.capacity());
            block.clear().limit(Math.toIntExact(blockEnd - blockStart));
            while (block.hasRemaining() && channel.read(block, blockStart + block.position()) >= 0) {
                // Fills the block; it lies inside the file.
            }
            for (int i = block.position() - 1; i >= 0; i--) {
                if (block.get(i) == '\n') {
                    return blockStart + i;
                }
            }
        }
        return -1;
    }

    /**
     * Why an index partition must not open with these valid component files and this manifest, or empty when they
     * agree. Opening would delete or drop data in each case, so the caller refuses instead (and deletes nothing):
     * <ul>
     * <li>merge outputs exist but the manifest does not (a copy or restore that skipped dot-files): every output would
     * read as an orphan of a crashed merge;</li>
     * <li>an output comes from a merge after the manifest's last merge + 1 (only one merge runs at a time, so only
     * serial {@code lastSerial + 1} can be uncommitted): the manifest is older than the files.</li>
     * </ul>
     * A live record without its file is checked later, by {@link Version#liveWithoutFile}, once the activation has
     * forgotten the flushes AsterixDB deleted because no checkpoint named them.
     */
    public static Optional<String> inconsistency(Collection<String> validFiles, boolean manifestExists,
            Version version) {
        List<String> outputs = validFiles.stream()
                .filter(file -> Name.parse(file).map(Name::isMergeOutput).orElse(false)).toList();
        Optional<String> newest =
                outputs.stream().max(Comparator.comparingLong(file -> Name.parse(file).orElseThrow().serial()));
        if (!manifestExists && newest.isPresent()) {
            return Optional.of(outputs.size() + " merge outputs (e.g. " + newest.get() + ") but no manifest");
        }
        if (newest.isPresent() && Name.parse(newest.get()).orElseThrow().serial() > version.lastSerial() + 1) {
            return Optional.of("merge output " + newest.get() + " is newer than the manifest's last merge "
                    + version.lastSerial() + ": the manifest is older than the files");
        }
        return Optional.empty();
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
        kept.sort(Comparator.comparingInt(version::levelOf).thenComparing(ComponentIds.AGE.reversed()));
        deleted.sort(null);
        return new Selection(kept, deleted);
    }
}
