package org.spatiallsm.storage;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The options one secondary index was created with ({@code CREATE INDEX ... WITH {...}}); absent options mean
 * "as stock AsterixDB does": the dataset's merge policy, AsterixDB's default comparator.
 */
public record IndexStorageOptions(Optional<MergePolicyChoice> mergePolicy, Optional<RTreeComparator> comparator,
        Optional<IndexOrganisation> organisation) {

    public static final IndexStorageOptions NONE =
            new IndexStorageOptions(Optional.empty(), Optional.empty(), Optional.empty());

    /** Options without an organisation (an ordinary R-tree or B-tree). */
    public IndexStorageOptions(Optional<MergePolicyChoice> mergePolicy, Optional<RTreeComparator> comparator) {
        this(mergePolicy, comparator, Optional.empty());
    }

    /** Dataset hints persist the options on the CC: {@code spatial-lsm/<index>/<option>[/<parameter>]}. */
    private static final String HINT_PREFIX = "spatial-lsm/";
    private static final String MERGE_POLICY = "merge-policy";
    private static final String COMPARATOR = "comparator";
    private static final String ORGANISATION = "organisation";

    public boolean isEmpty() {
        return mergePolicy.isEmpty() && comparator.isEmpty() && organisation.isEmpty();
    }

    /** The hint entries that persist these options for {@code indexName}. */
    public Map<String, String> toHints(String indexName) {
        Map<String, String> hints = new HashMap<>();
        String prefix = hintPrefix(indexName);
        mergePolicy.ifPresent(policy -> {
            hints.put(prefix + MERGE_POLICY, policy.name());
            policy.parameters().forEach((name, value) -> hints.put(prefix + MERGE_POLICY + "/" + name, value));
        });
        comparator.ifPresent(c -> hints.put(prefix + COMPARATOR, c.optionValue()));
        organisation.ifPresent(o -> {
            hints.put(prefix + ORGANISATION, o.kind());
            o.parameters().forEach((name, value) -> hints.put(prefix + ORGANISATION + "/" + name, value));
        });
        return hints;
    }

    /** Reads back what {@link #toHints} wrote; {@link #NONE} when the index has no entries. */
    public static IndexStorageOptions fromHints(String indexName, Map<String, String> hints) {
        String prefix = hintPrefix(indexName);
        Optional<MergePolicyChoice> policy = Optional.ofNullable(hints.get(prefix + MERGE_POLICY))
                .map(name -> new MergePolicyChoice(name, subHints(hints, prefix + MERGE_POLICY + "/")));
        Optional<RTreeComparator> comparator =
                Optional.ofNullable(hints.get(prefix + COMPARATOR)).map(RTreeComparator::fromOption);
        Optional<IndexOrganisation> organisation = Optional.ofNullable(hints.get(prefix + ORGANISATION))
                .map(kind -> new IndexOrganisation(kind, subHints(hints, prefix + ORGANISATION + "/")));
        return new IndexStorageOptions(policy, comparator, organisation);
    }

    private static Map<String, String> subHints(Map<String, String> hints, String prefix) {
        Map<String, String> values = new HashMap<>();
        hints.forEach((key, value) -> {
            if (key.startsWith(prefix)) {
                values.put(key.substring(prefix.length()), value);
            }
        });
        return values;
    }

    /** The hints of {@code hints} without any entry of {@code indexName}. */
    public static Map<String, String> withoutIndex(String indexName, Map<String, String> hints) {
        Map<String, String> kept = new HashMap<>(hints);
        kept.keySet().removeIf(key -> key.startsWith(hintPrefix(indexName)));
        return kept;
    }

    private static String hintPrefix(String indexName) {
        return HINT_PREFIX + indexName + "/";
    }
}
