package org.spatiallsm.storage;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;

/**
 * Reads the storage options of a {@code WITH {...}} record. The record arrives as plain Java values (String, Long,
 * Double, Boolean, Map, List), so this class knows nothing of AsterixDB; every error is one line naming the
 * offending item and what is allowed.
 */
public final class StorageOptionsParser {

    public static final String MERGE_POLICY = "merge-policy";
    public static final String COMPARATOR = "comparator";
    private static final String NAME = "name";
    private static final String PARAMETERS = "parameters";
    /** Options of CREATE INDEX ... WITH, in the order the docs list them. */
    public static final List<String> INDEX_OPTIONS = List.of(MERGE_POLICY, COMPARATOR);
    /** correlated-prefix decides for all indexes of a dataset at once, so one index cannot have it alone. */
    private static final String DATASET_ONLY_POLICY = "correlated-prefix";

    private StorageOptionsParser() {
    }

    /** True when the dataset's WITH names one of spatial-lsm's merge policies (stock ones stay AsterixDB's). */
    public static boolean namesOurMergePolicy(Map<String, Object> with) {
        return with.get(MERGE_POLICY) instanceof Map<?, ?> policy && policy.get(NAME) instanceof String name
                && MergePolicies.find(name).isPresent();
    }

    /** The dataset-level merge policy, when it is one of ours: validated, canonical, defaults filled in. */
    public static MergePolicyChoice datasetMergePolicy(Map<String, Object> with) {
        return mergePolicy(with.get(MERGE_POLICY), "dataset");
    }

    /**
     * The options of {@code CREATE INDEX ... WITH}.
     *
     * @param indexType the index's type as written (BTREE, RTREE, ...), for "comparator applies only to ..."
     */
    public static IndexStorageOptions indexOptions(Map<String, Object> with, String indexType) {
        for (String option : with.keySet()) {
            if (!INDEX_OPTIONS.contains(option)) {
                throw new InvalidStorageOptionException("unknown index option \"" + option + "\"; allowed: "
                        + String.join(", ", INDEX_OPTIONS));
            }
        }
        Optional<MergePolicyChoice> policy = Optional.ofNullable(with.get(MERGE_POLICY))
                .map(value -> mergePolicy(value, "index"));
        Optional<RTreeComparator> comparator = Optional.ofNullable(with.get(COMPARATOR)).map(value -> {
            if (!"RTREE".equalsIgnoreCase(indexType)) {
                throw new InvalidStorageOptionException("option \"comparator\" applies only to R-tree indexes "
                        + "(TYPE RTREE), not to a " + indexType + " index");
            }
            if (!(value instanceof String text)) {
                throw new InvalidStorageOptionException("option \"comparator\" must be a string, one of: "
                        + RTreeComparator.allowed() + "; got " + value);
            }
            return RTreeComparator.fromOption(text);
        });
        return new IndexStorageOptions(policy, comparator);
    }

    private static MergePolicyChoice mergePolicy(Object value, String level) {
        if (!(value instanceof Map<?, ?> policy)) {
            throw new InvalidStorageOptionException("option \"merge-policy\" must be an object such as "
                    + "{\"name\": \"binomial\", \"parameters\": {\"k\": 4}}; got " + value);
        }
        for (Object field : policy.keySet()) {
            if (!NAME.equals(field) && !PARAMETERS.equals(field)) {
                throw new InvalidStorageOptionException("unknown field \"" + field + "\" in \"merge-policy\"; "
                        + "allowed: name, parameters");
            }
        }
        if (!(policy.get(NAME) instanceof String name)) {
            throw new InvalidStorageOptionException("\"merge-policy\" needs a \"name\" string; known policies: "
                    + knownPolicies());
        }
        Map<String, String> parameters = parameterStrings(name, policy.get(PARAMETERS));
        if (LeveledPolicy.NAME.equals(name)) {
            return new MergePolicyChoice(name, LeveledPolicy.create(parameters).parameters().values());
        }
        Optional<PolicyDescriptor> ours = MergePolicies.find(name);
        if (ours.isPresent()) {
            return new MergePolicyChoice(name, PolicyParameters.parse(ours.get(), parameters).values());
        }
        if (!MergePolicies.STOCK_ASTERIXDB_POLICIES.contains(name)) {
            throw new InvalidStorageOptionException("unknown merge policy \"" + name + "\"; known policies: "
                    + knownPolicies());
        }
        if ("index".equals(level) && DATASET_ONLY_POLICY.equals(name)) {
            throw new InvalidStorageOptionException("merge policy \"correlated-prefix\" merges all indexes of a "
                    + "dataset together, so it can be set on the dataset only, not on one index");
        }
        return new MergePolicyChoice(name, parameters);
    }

    private static Map<String, String> parameterStrings(String policy, Object value) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> parameters)) {
            throw new InvalidStorageOptionException("\"parameters\" of merge policy \"" + policy
                    + "\" must be an object; got " + value);
        }
        Map<String, String> strings = new LinkedHashMap<>();
        parameters.forEach((name, parameter) -> {
            // The leveled policy has words among its parameters (pick, partitioning); the others only numbers.
            if (parameter instanceof String word && LeveledPolicy.NAME.equals(policy)) {
                strings.put(String.valueOf(name), word);
                return;
            }
            if (!(parameter instanceof Number number)) {
                throw new InvalidStorageOptionException("parameter \"" + name + "\" of merge policy \"" + policy
                        + "\" must be a number; got " + parameter);
            }
            strings.put(String.valueOf(name), numberText(number));
        });
        return strings;
    }

    /** 4 and 4.0 both become "4": AsterixDB's stock policies parse integers with Long.parseLong. */
    private static String numberText(Number number) {
        BigDecimal value = new BigDecimal(number.toString()).stripTrailingZeros();
        return value.scale() <= 0 ? value.toBigInteger().toString() : value.toPlainString();
    }

    private static String knownPolicies() {
        Set<String> names = new TreeSet<>(MergePolicies.STOCK_ASTERIXDB_POLICIES);
        MergePolicies.all().forEach(policy -> names.add(policy.name()));
        names.add(LeveledPolicy.NAME);
        return String.join(", ", names);
    }
}
