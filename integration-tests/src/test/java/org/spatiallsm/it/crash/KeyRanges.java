package org.spatiallsm.it.crash;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

import org.apache.asterix.formats.nontagged.BinaryComparatorFactoryProvider;
import org.apache.asterix.om.types.ATypeTag;
import org.apache.asterix.om.types.BuiltinType;
import org.apache.hyracks.api.dataflow.value.IBinaryComparator;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.spatiallsm.introspection.EntriesListing;

/**
 * The key-range invariant of a leveled B-tree (a leveled secondary or primary B-tree, a leveled organisation), from
 * the entries listing: each component's first and last entries are exactly the smallest and largest key its manifest
 * records (a B-tree lists its entries in key order, so every entry lies in that range), and within a level &gt;= 1 no
 * two components' ranges meet. Ranges are ordered by AsterixDB's generic order of tagged values, which is the B-tree's
 * own for every key field but a DHB-tree's point (x and y as two tagged doubles in one field), which the DHB-tree
 * orders by relative Hilbert order: its levels are checked by the first part only.
 */
final class KeyRanges {

    private static final HexFormat HEX = HexFormat.of();
    private static final int DHB_TAGGED_DOUBLE = 1 + Double.BYTES;

    private KeyRanges() {
    }

    /** The first violation of each leveled B-tree partition of {@code listings}, one line each. */
    static List<String> violations(List<EntriesListing> listings) {
        List<String> violations = new ArrayList<>();
        for (EntriesListing listing : listings) {
            for (EntriesListing.Index partition : listing.indexes()) {
                String where = listing.dataverse() + "." + listing.dataset() + "." + partition.index() + "["
                        + partition.partition() + "]";
                violation(where, partition.components()).ifPresent(violations::add);
            }
        }
        return violations;
    }

    /** The first violation in one partition's components; empty for an R-tree's (its entries have no key). */
    static Optional<String> violation(String where, List<EntriesListing.Component> components) {
        boolean ordered = true;
        for (EntriesListing.Component component : components) {
            List<EntriesListing.Entry> entries = component.entries();
            if (entries.stream().anyMatch(entry -> entry.key() == null)) {
                return Optional.empty();
            }
            String name = where + " component " + component.files();
            if (entries.isEmpty() != (component.minKey() == null)) {
                return Optional.of(name + " holds " + entries.size() + " entries, but its manifest records the key"
                        + " range " + component.minKey() + " .. " + component.maxKey());
            }
            if (!entries.isEmpty() && (!entries.get(0).key().equals(component.minKey())
                    || !entries.get(entries.size() - 1).key().equals(component.maxKey()))) {
                return Optional.of(name + " holds keys " + entries.get(0).key() + " .. "
                        + entries.get(entries.size() - 1).key() + ", but its manifest records " + component.minKey()
                        + " .. " + component.maxKey());
            }
            ordered &= component.minKey() == null || component.minKey().stream().noneMatch(KeyRanges::isDhbPoint);
        }
        return ordered ? overlapInALevel(where, components) : Optional.empty();
    }

    private static Optional<String> overlapInALevel(String where, List<EntriesListing.Component> components) {
        Comparator<List<String>> order = keyOrder();
        List<EntriesListing.Component> ranged = components.stream().filter(c -> c.level() >= 1 && c.minKey() != null)
                .sorted(Comparator.comparingInt(EntriesListing.Component::level)
                        .thenComparing(EntriesListing.Component::minKey, order))
                .toList();
        for (int i = 1; i < ranged.size(); i++) {
            EntriesListing.Component before = ranged.get(i - 1);
            EntriesListing.Component next = ranged.get(i);
            if (before.level() == next.level() && order.compare(before.maxKey(), next.minKey()) >= 0) {
                return Optional.of(where + " level " + next.level() + ": the key ranges of components "
                        + before.files() + " (" + before.minKey() + " .. " + before.maxKey() + ") and " + next.files()
                        + " (" + next.minKey() + " .. " + next.maxKey() + ") meet");
            }
        }
        return Optional.empty();
    }

    /** A DHB-tree's key field: 18 bytes, x and y each a tagged double. */
    private static boolean isDhbPoint(String field) {
        byte[] bytes = HEX.parseHex(field);
        return bytes.length == 2 * DHB_TAGGED_DOUBLE && bytes[0] == ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG
                && bytes[DHB_TAGGED_DOUBLE] == ATypeTag.SERIALIZED_DOUBLE_TYPE_TAG;
    }

    /** Keys given as their fields' hex, field by field in AsterixDB's generic order of tagged values. */
    private static Comparator<List<String>> keyOrder() {
        IBinaryComparator generic = BinaryComparatorFactoryProvider.INSTANCE
                .getBinaryComparatorFactory(BuiltinType.ANY, true).createBinaryComparator();
        return (a, b) -> {
            for (int f = 0; f < Math.min(a.size(), b.size()); f++) {
                byte[] x = HEX.parseHex(a.get(f));
                byte[] y = HEX.parseHex(b.get(f));
                int compared;
                try {
                    compared = generic.compare(x, 0, x.length, y, 0, y.length);
                } catch (HyracksDataException e) {
                    throw new IllegalStateException("cannot compare key fields " + a.get(f) + " and " + b.get(f), e);
                }
                if (compared != 0) {
                    return compared;
                }
            }
            return Integer.compare(a.size(), b.size());
        };
    }
}
