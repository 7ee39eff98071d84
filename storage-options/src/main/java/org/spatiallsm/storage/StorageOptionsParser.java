package org.spatiallsm.storage;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.ParameterSpec;
import org.spatiallsm.partitioning.catalog.CatalogPolicy;
import org.spatiallsm.partitioning.catalog.CatalogPolicy.Family;
import org.spatiallsm.partitioning.catalog.IndexKind;
import org.spatiallsm.partitioning.catalog.PolicyCatalog;
import org.spatiallsm.partitioning.leveled.KeyRangeSpace;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;

/**
 * Reads the storage options of a {@code WITH {...}} record. The record arrives as plain Java values (String, Long,
 * Double, Boolean, Map, List), so this class knows nothing of AsterixDB; every error is one line naming the
 * offending item and what is allowed.
 */
public final class StorageOptionsParser {

    public static final String MERGE_POLICY = "merge-policy";
    public static final String COMPARATOR = "comparator";
    /** Shorthand for the policy parameter of that name (the leveled policy's), as the simulator spells it. */
    public static final String PARTITIONING = "partitioning";
    /** The leveled policy's {@code size-ratio} on a B-tree index when the user gives none. */
    public static final int SECONDARY_BTREE_SIZE_RATIO = 4;
    /** The leveled policy's {@code level0-components} on a dataset's primary index when the user gives none. */
    public static final int PRIMARY_LEVEL0_COMPONENTS = 10;
    /** The leveled policy's {@code size-ratio} on a dataset's primary index when the user gives none. */
    public static final int PRIMARY_SIZE_RATIO = 10;
    private static final String NAME = "name";
    private static final String PARAMETERS = "parameters";
    private static final String RTREE = "RTREE";
    /** Options of CREATE INDEX ... WITH, in the order the docs list them. */
    public static final List<String> INDEX_OPTIONS = List.of(MERGE_POLICY, COMPARATOR, PARTITIONING);
    /** correlated-prefix decides for all indexes of a dataset at once, so one index cannot have it alone. */
    private static final String DATASET_ONLY_POLICY = "correlated-prefix";

    private StorageOptionsParser() {
    }

    /**
     * True when spatial-lsm answers for the dataset's merge policy: WITH has a {@code merge-policy} that is not one
     * of AsterixDB's stock policies (those, and a WITH without a policy, stay AsterixDB's). A misspelled name is
     * ours too, so that its error lists the known policies.
     */
    public static boolean answersForDatasetMergePolicy(Map<String, Object> with) {
        Object policy = with.get(MERGE_POLICY);
        return policy != null && !(policy instanceof Map<?, ?> fields && fields.get(NAME) instanceof String name
                && MergePolicies.STOCK_ASTERIXDB_POLICIES.contains(name));
    }

    /** The dataset-level merge policy, when it is one of ours: validated, canonical, defaults filled in. */
    public static MergePolicyChoice datasetMergePolicy(Map<String, Object> with) {
        return mergePolicy(with.get(MERGE_POLICY), Optional.empty(), Optional.empty());
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
        // An organisation is stored as a B-tree, whatever the logical type AsterixDB sees.
        IndexKind kind = organisation.isPresent() ? IndexKind.BTREE : IndexKind.ofIndexType(indexType);
        String onIndex = organisation.map(o -> "a " + OrganisationTypes.typeName(o.kind())
                + " index, which is stored as a B-tree").orElse(kind.userName() + " indexes");
        Optional<MergePolicyChoice> policy = Optional.ofNullable(with.get(MERGE_POLICY))
                .map(value -> mergePolicy(value, Optional.of(new Target(kind, onIndex)),
                        partitioning(with.get(PARTITIONING))));
        if (with.containsKey(PARTITIONING)
                && !policy.flatMap(p -> PolicyCatalog.find(p.name())).filter(p -> p.hasParameter(PARTITIONING))
                        .isPresent()) {
            throw new InvalidStorageOptionException("option \"partitioning\" applies only to the merge policy "
                    + quoted(partitioningPolicy().name()) + "; add \"merge-policy\": {\"name\": "
                    + quoted(partitioningPolicy().name()) + "} or leave \"partitioning\" out");
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

    /** The index a policy is set on, and how an error names it ("B-tree indexes", "a DHVBTREE index, ..."). */
    private record Target(IndexKind kind, String description) {
    }

    /** The policy whose parameter the top-level option {@code "partitioning"} stands for. */
    private static CatalogPolicy partitioningPolicy() {
        return PolicyCatalog.all().stream().filter(policy -> policy.hasParameter(PARTITIONING)).findFirst()
                .orElseThrow();
    }

    /** The top-level {@code "partitioning"} option: absent, or one of that parameter's words. */
    private static Optional<String> partitioning(Object value) {
        if (value == null) {
            return Optional.empty();
        }
        List<String> allowed = partitioningPolicy().parameters().stream()
                .filter(parameter -> parameter.name().equals(PARTITIONING)).findFirst().orElseThrow().choices();
        if (!(value instanceof String text) || !allowed.contains(text)) {
            throw new InvalidStorageOptionException("invalid value " + quoted(value) + " for option \"partitioning\"; "
                    + "allowed: " + String.join(", ", allowed));
        }
        return Optional.of(text);
    }

    /**
     * @param index        the index the policy is set on, empty for a dataset's policy
     * @param partitioning the top-level option, folded into the policy's parameter of that name
     */
    private static MergePolicyChoice mergePolicy(Object value, Optional<Target> index, Optional<String> partitioning) {
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
        Optional<CatalogPolicy> ours = PolicyCatalog.find(name);
        if (ours.isPresent()) {
            return ours(ours.get(), policy.get(PARAMETERS), index, partitioning);
        }
        if (!MergePolicies.STOCK_ASTERIXDB_POLICIES.contains(name)) {
            throw new InvalidStorageOptionException("unknown merge policy \"" + name + "\"; known policies: "
                    + knownPolicies());
        }
        if (index.isPresent() && DATASET_ONLY_POLICY.equals(name)) {
            throw new InvalidStorageOptionException("merge policy \"correlated-prefix\" merges all indexes of a "
                    + "dataset together, so it can be set on the dataset only, not on one index");
        }
        return new MergePolicyChoice(name, parameterStrings(name, policy.get(PARAMETERS), false));
    }

    private static MergePolicyChoice ours(CatalogPolicy policy, Object parameterValues, Optional<Target> index,
            Optional<String> partitioning) {
        String name = policy.name();
        // A dataset's leveled policy is its primary index's; its other indexes keep their own (see ddl.md).
        boolean leveledPrimary = policy.family() == Family.LEVELED && index.isEmpty();
        if (index.isEmpty() && !policy.appliesToEveryIndex() && !leveledPrimary) {
            throw new InvalidStorageOptionException("merge policy " + quoted(name) + " applies to secondary "
                    + policy.indexKindsText() + " only, not to a dataset, whose policy all its indexes run, its"
                    + " primary B-tree included; set it on the index with CREATE INDEX ... WITH");
        }
        if (index.isPresent() && !policy.appliesTo(index.get().kind())) {
            throw new InvalidStorageOptionException("merge policy " + quoted(name) + " applies to "
                    + policy.indexKindsText() + " only, not to " + index.get().description());
        }
        boolean leveledBTree = leveledPrimary || policy.family() == Family.LEVELED && index.isPresent()
                && index.get().kind() == IndexKind.BTREE;
        boolean words = policy.parameters().stream().anyMatch(p -> p.type() == ParameterSpec.Type.CHOICE);
        Map<String, String> parameters = new LinkedHashMap<>(parameterStrings(name, parameterValues, words));
        if (leveledPrimary) {
            // The merge-policy study's default for a primary index (Mao's dissertation, ch. 3): B0 = 10, B = 10.
            parameters.putIfAbsent(LeveledPolicy.LEVEL0_COMPONENTS, String.valueOf(PRIMARY_LEVEL0_COMPONENTS));
            parameters.putIfAbsent(LeveledPolicy.SIZE_RATIO, String.valueOf(PRIMARY_SIZE_RATIO));
        } else if (leveledBTree) {
            // The merge-policy study's default for a secondary index (Mao's dissertation, ch. 3): B0 = 2, B = 4.
            parameters.putIfAbsent(LeveledPolicy.SIZE_RATIO, String.valueOf(SECONDARY_BTREE_SIZE_RATIO));
        }
        if (partitioning.isPresent() && policy.hasParameter(PARTITIONING)) {
            String given = parameters.get(PARTITIONING);
            if (given != null && !given.equals(partitioning.get())) {
                throw new InvalidStorageOptionException("option \"partitioning\" (\"" + partitioning.get()
                        + "\") contradicts parameter \"partitioning\" (\"" + given
                        + "\") of merge policy " + quoted(name) + "; give it once");
            }
            parameters.put(PARTITIONING, partitioning.get());
        }
        Map<String, String> values = policy.parse(parameters).values();
        if (leveledBTree && !KeyRangeSpace.PARTITIONINGS.contains(values.get(PARTITIONING))) {
            throw new InvalidStorageOptionException("partitioning " + quoted(values.get(PARTITIONING)) + " cuts by"
                    + " the entries' MBRs and needs an R-tree; a leveled B-tree cuts its merges along the key order:"
                    + " partitioning " + String.join(", ", KeyRangeSpace.PARTITIONINGS.stream().map(p -> quoted(p))
                            .toList()));
        }
        return new MergePolicyChoice(name, values);
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
            if (parameter instanceof Double decimal && !Double.isFinite(decimal)) {
                throw new InvalidStorageOptionException("parameter \"" + name + "\" of merge policy \"" + policy
                        + "\" must be a finite number; got " + decimal + " (a number beyond a double's range, such"
                        + " as 1e400, reads as Infinity)");
            } else if (parameter instanceof Number number) {
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
        names.addAll(PolicyCatalog.names());
        return String.join(", ", names);
    }
}
