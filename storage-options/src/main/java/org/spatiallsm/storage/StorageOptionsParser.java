package org.spatiallsm.storage;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;

/**
 * Reads the storage options of a {@code WITH {...}} record. The record arrives as plain Java values (String, Long,
 * Double, Boolean, Map, List), so this class knows nothing of AsterixDB; every error is one line naming the
 * offending item and what is allowed.
 */
public final class StorageOptionsParser {

    public static final String MERGE_POLICY = "merge-policy";
    public static final String COMPARATOR = "comparator";
    /** Shorthand for the leveled policy's {@code partitioning} parameter, as the simulator spells it. */
    public static final String PARTITIONING = "partitioning";
    private static final String NAME = "name";
    private static final String PARAMETERS = "parameters";
    private static final String RTREE = "RTREE";
    /** Options of CREATE INDEX ... WITH, in the order the docs list them. */
    public static final List<String> INDEX_OPTIONS = List.of(MERGE_POLICY, COMPARATOR, PARTITIONING);
    /** correlated-prefix decides for all indexes of a dataset at once, so one index cannot have it alone. */
    private static final String DATASET_ONLY_POLICY = "correlated-prefix";

    private StorageOptionsParser() {
    }

    /** True when the dataset's WITH names one of spatial-lsm's merge policies (stock ones stay AsterixDB's). */
    public static boolean namesOurMergePolicy(Map<String, Object> with) {
        return with.get(MERGE_POLICY) instanceof Map<?, ?> policy && policy.get(NAME) instanceof String name
                && isOurs(name);
    }

    /** True for the policies spatial-lsm validates itself: the stack catalog and the leveled policy. */
    public static boolean isOurs(String policyName) {
        return LeveledPolicy.NAME.equals(policyName) || MergePolicies.find(policyName).isPresent();
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
        return indexOptions(with, indexType, Optional.empty());
    }

    /**
     * The options of {@code CREATE INDEX ... TYPE DHVBTREE (or another organisation) WITH}: only the merge policy
     * applies, as the organisation fixes the index's order and structure.
     */
    public static IndexStorageOptions indexOptions(Map<String, Object> with, String indexType,
            Optional<IndexOrganisation> organisation) {
        for (String option : with.keySet()) {
            if (!INDEX_OPTIONS.contains(option)) {
                throw new InvalidStorageOptionException("unknown index option \"" + option + "\"; allowed: "
                        + String.join(", ", INDEX_OPTIONS));
            }
            if (organisation.isPresent() && !MERGE_POLICY.equals(option)) {
                throw new InvalidStorageOptionException("option \"" + option + "\" does not apply to a "
                        + OrganisationTypes.typeName(organisation.get().kind()) + " index; allowed: " + MERGE_POLICY);
            }
        }
        Optional<MergePolicyChoice> policy = Optional.ofNullable(with.get(MERGE_POLICY))
                .map(value -> mergePolicy(value, "index", partitioning(with.get(PARTITIONING))));
        boolean leveled = policy.filter(p -> p.name().equals(LeveledPolicy.NAME)).isPresent();
        if (with.containsKey(PARTITIONING) && !leveled) {
            throw new InvalidStorageOptionException("option \"partitioning\" applies only to the merge policy "
                    + "\"leveled\"; add \"merge-policy\": {\"name\": \"leveled\"} or leave \"partitioning\" out");
        }
        if (leveled && organisation.isPresent()) {
            throw new InvalidStorageOptionException("merge policy \"leveled\" applies only to R-tree indexes "
                    + "(TYPE RTREE), not to a " + OrganisationTypes.typeName(organisation.get().kind())
                    + " index, which is stored as a B-tree");
        }
        if (leveled && !RTREE.equalsIgnoreCase(indexType)) {
            throw new InvalidStorageOptionException("merge policy \"leveled\" applies only to R-tree indexes "
                    + "(TYPE RTREE), not yet to " + notYetLeveled(indexType));
        }
        Optional<RTreeComparator> comparator = Optional.ofNullable(with.get(COMPARATOR)).map(value -> {
            if (!RTREE.equalsIgnoreCase(indexType)) {
                throw new InvalidStorageOptionException("option \"comparator\" applies only to R-tree indexes "
                        + "(TYPE RTREE), not to a " + indexType + " index");
            }
            if (!(value instanceof String text)) {
                throw new InvalidStorageOptionException("option \"comparator\" must be a string, one of: "
                        + RTreeComparator.allowed() + "; got " + value);
            }
            return RTreeComparator.fromOption(text);
        });
        return new IndexStorageOptions(policy, comparator, organisation);
    }

    /** The indexes the leveled policy does not support yet, as a user knows them (not AsterixDB's enum names). */
    private static String notYetLeveled(String indexType) {
        if ("BTREE".equalsIgnoreCase(indexType)) {
            return "B-tree indexes (the B-tree comes in a later issue)";
        }
        return indexType.toUpperCase(Locale.ROOT).endsWith("_INVIX") ? "inverted indexes (KEYWORD, NGRAM)"
                : indexType + " indexes";
    }

    /** The top-level {@code "partitioning"} option: absent, or one of the leveled policy's partitionings. */
    private static Optional<String> partitioning(Object value) {
        if (value == null) {
            return Optional.empty();
        }
        if (!(value instanceof String text) || !LeveledPolicy.PARTITIONINGS.contains(text)) {
            throw new InvalidStorageOptionException("invalid value " + quoted(value) + " for option \"partitioning\"; "
                    + "allowed: " + String.join(", ", LeveledPolicy.PARTITIONINGS));
        }
        return Optional.of(text);
    }

    private static MergePolicyChoice mergePolicy(Object value, String level) {
        return mergePolicy(value, level, Optional.empty());
    }

    /** @param partitioning the top-level option, folded into the leveled policy's parameter of that name */
    private static MergePolicyChoice mergePolicy(Object value, String level, Optional<String> partitioning) {
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
        if (LeveledPolicy.NAME.equals(name)) {
            return leveled(policy.get(PARAMETERS), level, partitioning);
        }
        Map<String, String> parameters = parameterStrings(name, policy.get(PARAMETERS), false);
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

    private static MergePolicyChoice leveled(Object parameterValues, String level, Optional<String> partitioning) {
        if (!"index".equals(level)) {
            throw new InvalidStorageOptionException("merge policy \"leveled\" can be set on an R-tree index only "
                    + "(CREATE INDEX ... TYPE RTREE WITH ...), not on a dataset, whose primary index is a B-tree "
                    + "(the B-tree comes in a later issue)");
        }
        Map<String, String> parameters = new LinkedHashMap<>(parameterStrings(LeveledPolicy.NAME, parameterValues,
                true));
        if (partitioning.isPresent()) {
            String given = parameters.get(LeveledPolicy.PARTITIONING);
            if (given != null && !given.equals(partitioning.get())) {
                throw new InvalidStorageOptionException("option \"partitioning\" (\"" + partitioning.get()
                        + "\") contradicts parameter \"partitioning\" (\"" + given
                        + "\") of merge policy \"leveled\"; give it once");
            }
            parameters.put(LeveledPolicy.PARTITIONING, partitioning.get());
        }
        return new MergePolicyChoice(LeveledPolicy.NAME, LeveledPolicy.create(parameters).parameters().values());
    }

    /** @param words whether the policy has word-valued parameters (the leveled policy's choices) */
    private static Map<String, String> parameterStrings(String policy, Object value, boolean words) {
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> parameters)) {
            throw new InvalidStorageOptionException("\"parameters\" of merge policy \"" + policy
                    + "\" must be an object; got " + value);
        }
        Map<String, String> strings = new LinkedHashMap<>();
        parameters.forEach((name, parameter) -> {
            if (parameter instanceof Number number) {
                strings.put(String.valueOf(name), numberText(number));
            } else if (words && (parameter instanceof String || parameter instanceof Boolean)) {
                strings.put(String.valueOf(name), String.valueOf(parameter));
            } else {
                throw new InvalidStorageOptionException("parameter \"" + name + "\" of merge policy \"" + policy
                        + "\" must be a " + (words ? "number or a word" : "number") + "; got " + parameter);
            }
        });
        return strings;
    }

    /** 4 and 4.0 both become "4": AsterixDB's stock policies parse integers with Long.parseLong. */
    private static String numberText(Number number) {
        BigDecimal value = new BigDecimal(number.toString()).stripTrailingZeros();
        return value.scale() <= 0 ? value.toBigInteger().toString() : value.toPlainString();
    }

    private static String quoted(Object value) {
        return value instanceof String ? "\"" + value + "\"" : String.valueOf(value);
    }

    private static String knownPolicies() {
        Set<String> names = new TreeSet<>(MergePolicies.STOCK_ASTERIXDB_POLICIES);
        names.add(LeveledPolicy.NAME);
        MergePolicies.all().forEach(policy -> names.add(policy.name()));
        return String.join(", ", names);
    }
}
