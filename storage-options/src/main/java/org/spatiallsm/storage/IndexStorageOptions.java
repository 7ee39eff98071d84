package org.spatiallsm.storage;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The options one secondary index was created with ({@code CREATE INDEX ... WITH {...}}); absent options mean
 * "as stock AsterixDB does": the dataset's merge policy, AsterixDB's default comparator.
 */
public record IndexStorageOptions(Optional<MergePolicyChoice> mergePolicy, Optional<RTreeComparator> comparator) {

    public static final IndexStorageOptions NONE = new IndexStorageOptions(Optional.empty(), Optional.empty());

    /** Dataset hints persist the options on the CC: {@code spatial-lsm/<index>/<option>[/<parameter>]}. */
    private static final String HINT_PREFIX = "spatial-lsm/";
    private static final String MERGE_POLICY = "merge-policy";
    private static final String COMPARATOR = "comparator";

    public boolean isEmpty() {
        return mergePolicy.isEmpty() && comparator.isEmpty();
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
        return hints;
    }

    /** Reads back what {@link #toHints} wrote; {@link #NONE} when the index has no entries. */
    public static IndexStorageOptions fromHints(String indexName, Map<String, String> hints) {
        String prefix = hintPrefix(indexName);
        Optional<MergePolicyChoice> policy = Optional.ofNullable(hints.get(prefix + MERGE_POLICY)).map(name -> {
            Map<String, String> parameters = new HashMap<>();
            String parameterPrefix = prefix + MERGE_POLICY + "/";
            hints.forEach((key, value) -> {
                if (key.startsWith(parameterPrefix)) {
                    parameters.put(key.substring(parameterPrefix.length()), value);
                }
            });
            return new MergePolicyChoice(name, parameters);
        });
        Optional<RTreeComparator> comparator =
                Optional.ofNullable(hints.get(prefix + COMPARATOR)).map(RTreeComparator::fromOption);
        return new IndexStorageOptions(policy, comparator);
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
