package org.spatiallsm.asterixdb.rtree.leveled;

import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.spatiallsm.asterixdb.rtree.leveled.LeveledManifest.Name;

/**
 * The ids the leveled policy core sees for the components of one index partition (its notion of age: a larger id
 * is newer data). They are the components' ranks in {@link #AGE} order, so two components never share one, however
 * many outputs a merge writes and however large the sequence numbers grow. (Packing the sequence, the merge serial
 * and the output number into one long cannot be collision-free: outputs 4,096 apart shared an id.) The ids are only
 * meaningful within one decision: the engine maps the core's answer back to components through the same map.
 * AsterixDB's own component id (the {@code LSMComponentId} range its IO callback writes into every component) is not
 * this id and is left as the stock code writes it.
 * <p>
 * Pure Java, unit-tested in {@code ComponentIdsTest}.
 */
public final class ComponentIds {

    /**
     * Oldest first: by the newest data a component holds (its {@code maxSeq}); the outputs of merges after the flush
     * that holds their newest data, by merge serial and then output number; the sequence range's start only makes
     * the order total.
     */
    private static final Comparator<Name> NAME_AGE = Comparator.comparingLong(Name::maxSeq)
            .thenComparingLong(Name::serial).thenComparingInt(Name::output).thenComparingLong(Name::minSeq);

    /** Component file names oldest first, by what they say (see {@link #NAME_AGE}), then by the name itself. */
    public static final Comparator<String> AGE =
            Comparator.comparing(ComponentIds::parse, NAME_AGE).thenComparing(Comparator.naturalOrder());

    /** A file name and what it says, parsed once. */
    private record Parsed(String file, Name name) {
    }

    private ComponentIds() {
    }

    /** The id of every component of {@code names}: its rank in {@link #AGE} order, 0 for the oldest. */
    public static Map<String, Long> of(Collection<String> names) {
        List<Parsed> oldestFirst = names.stream().distinct().map(file -> new Parsed(file, parse(file)))
                .sorted(Comparator.comparing(Parsed::name, NAME_AGE).thenComparing(Parsed::file)).toList();
        Map<String, Long> ids = new HashMap<>();
        for (int rank = 0; rank < oldestFirst.size(); rank++) {
            ids.put(oldestFirst.get(rank).file(), (long) rank);
        }
        return ids;
    }

    /**
     * Refuses a merge that names one component twice: AsterixDB would mark the first occurrence merging and then
     * fail on the second, leaving the component merging with no merge to end it (and every later flush waiting).
     *
     * @throws IllegalArgumentException (one line) naming the repeated component
     */
    public static void requireDistinct(List<String> inputs) {
        Set<String> seen = new HashSet<>();
        for (String input : inputs) {
            if (!seen.add(input)) {
                throw new IllegalArgumentException("a leveled merge names component " + input + " twice among its "
                        + inputs.size() + " inputs; merge refused");
            }
        }
    }

    private static Name parse(String file) {
        return Name.parse(file).orElseThrow(() -> new IllegalArgumentException(file + " is no component name"));
    }
}
