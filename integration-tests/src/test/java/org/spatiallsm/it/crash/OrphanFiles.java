package org.spatiallsm.it.crash;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Which files of an index partition's directory no disk component owns. The component listing names each
 * component's files (its tree, Bloom filter, buddy B-tree, or a leveled merge output such as {@code 0_7_m3p1}); a
 * compressed file's page map {@code <file>.dic} belongs to its file. Ownership is by exact name, never by sequence
 * range: the outputs of a leveled merge that crashed before its commit share their range with live components. The
 * index's own files are ignored: AsterixDB's {@code .metadata} and {@code .idx_checkpoint_<n>}, and a leveled
 * R-tree's {@code .leveled-manifest}. Every other file is reported, including a left-over mask ({@code .mask_...})
 * that the start-up cleanup should have deleted.
 */
final class OrphanFiles {

    private static final Pattern IGNORED = Pattern.compile("\\.metadata|\\.idx_checkpoint_\\d+|\\.leveled-manifest");
    private static final String PAGE_MAP_SUFFIX = ".dic";

    private OrphanFiles() {
    }

    /** The names among {@code files} that are not in {@code owned}, nor a page map of one, nor the index's own. */
    static List<String> of(Collection<String> files, Set<String> owned) {
        return files.stream().filter(name -> !IGNORED.matcher(name).matches() && !owned(name, owned)).sorted()
                .toList();
    }

    private static boolean owned(String name, Set<String> owned) {
        return owned.contains(name) || name.endsWith(PAGE_MAP_SUFFIX)
                && owned.contains(name.substring(0, name.length() - PAGE_MAP_SUFFIX.length()));
    }
}
