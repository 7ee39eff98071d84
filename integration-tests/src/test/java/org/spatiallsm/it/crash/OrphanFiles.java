package org.spatiallsm.it.crash;

import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which files of an index partition's directory no disk component owns. A component covering flush sequences
 * {@code a..b} owns every file named {@code a_b} or {@code a_b_<suffix>}: its B-tree or R-tree ({@code _b},
 * {@code _t}, or none), Bloom filter ({@code _f}), buddy B-tree, page map ({@code .dic}) and, for the partitioned
 * R-trees, its siblings ({@code _p1}, ...). AsterixDB's own files of the directory are ignored: the index's
 * {@code .metadata} and its {@code .idx_checkpoint_<n>} files. Every other file is reported, including a left-over
 * mask ({@code .mask_...}) that the start-up cleanup should have deleted.
 */
final class OrphanFiles {

    private static final Pattern COMPONENT_FILE = Pattern.compile("(\\d+)_(\\d+)(?:[_.].*)?");
    private static final Pattern IGNORED = Pattern.compile("\\.metadata|\\.idx_checkpoint_\\d+");

    /** A disk component's flush-sequence range, as the component listing reports it. */
    record Range(long first, long last) {
    }

    private OrphanFiles() {
    }

    /** The names among {@code files} that belong to none of {@code components} and are not AsterixDB's own. */
    static List<String> of(Collection<String> files, Collection<Range> components) {
        return files.stream().filter(name -> !IGNORED.matcher(name).matches() && !owned(name, components)).sorted()
                .toList();
    }

    private static boolean owned(String name, Collection<Range> components) {
        Matcher matcher = COMPONENT_FILE.matcher(name);
        if (!matcher.matches()) {
            return false;
        }
        Range range = new Range(Long.parseLong(matcher.group(1)), Long.parseLong(matcher.group(2)));
        return components.contains(range);
    }
}
