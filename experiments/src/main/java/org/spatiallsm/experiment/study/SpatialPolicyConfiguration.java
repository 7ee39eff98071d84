package org.spatiallsm.experiment.study;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.merge.simulation.MergedSize;
import org.spatiallsm.merge.simulation.PartitionHistory;
import org.spatiallsm.partitioning.catalog.CatalogPolicy.Family;
import org.spatiallsm.partitioning.catalog.PolicyCatalog;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;
import org.spatiallsm.partitioning.ordering.Ordering;
import org.spatiallsm.partitioning.ordering.Orderings;
import org.spatiallsm.partitioning.simulation.SpatialSimulation;
import org.spatiallsm.partitioning.simulation.SpatialSummary;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One R-tree configuration of the spatial-policies study: a merge policy with its parameters and a comparator,
 * as the spatial study compared them. The same values build the CREATE INDEX options and the simulator's run.
 *
 * @param name       what the command line and the report call it
 * @param policy     merge policy name
 * @param parameters the policy's parameters by natural name (the rest take their defaults)
 * @param comparator the R-tree's comparator, as {@code comparator} of CREATE INDEX and {@code --comparator} of the
 *                   simulator
 */
public record SpatialPolicyConfiguration(String name, String policy, Map<String, String> parameters,
        String comparator) {

    public static final List<SpatialPolicyConfiguration> ALL = List.of(
            new SpatialPolicyConfiguration("binomial-k4", "binomial", Map.of("k", "4"), "hilbert"),
            new SpatialPolicyConfiguration("tiered-b4", "tiered", Map.of("size-ratio", "4"), "hilbert"),
            leveled("leveled-size-hilbert", "size", "hilbert"),
            leveled("leveled-size-simple", "size", "simple"),
            leveled("leveled-str", "str", "hilbert"),
            leveled("leveled-rstar-grove", "rstar-grove-area", "hilbert"));

    public SpatialPolicyConfiguration {
        parameters = Map.copyOf(new LinkedHashMap<>(parameters));
    }

    /** B0 = 2, B = 10: the study's leveled configuration. */
    static SpatialPolicyConfiguration leveled(String name, String partitioning, String comparator) {
        return new SpatialPolicyConfiguration(name, LeveledPolicy.NAME, Map.of("level0-components", "2",
                "size-ratio", "10", "partitioning", partitioning), comparator);
    }

    /** The configurations named, in the order given; an unknown name is a one-line error listing the known ones. */
    public static List<SpatialPolicyConfiguration> select(List<String> names) {
        List<SpatialPolicyConfiguration> chosen = new ArrayList<>();
        for (String name : names) {
            SpatialPolicyConfiguration configuration = ALL.stream().filter(c -> c.name().equals(name.strip()))
                    .findFirst().orElseThrow(() -> new IllegalArgumentException("unknown configuration '"
                            + name.strip() + "'; known: " + names()));
            if (chosen.contains(configuration)) {
                throw new IllegalArgumentException("configuration '" + configuration.name() + "' is listed twice");
            }
            chosen.add(configuration);
        }
        if (chosen.isEmpty()) {
            throw new IllegalArgumentException("no configuration listed; known: " + names());
        }
        return chosen;
    }

    public static String names() {
        return ALL.stream().map(SpatialPolicyConfiguration::name).collect(Collectors.joining(", "));
    }

    public boolean isLeveled() {
        return PolicyCatalog.byName(policy).family() == Family.LEVELED;
    }

    /** What follows the field in the R-tree's CREATE INDEX: {@code TYPE RTREE WITH} {@link #withClause}. */
    public String indexClause() {
        return "TYPE RTREE WITH " + withClause();
    }

    /** The WITH record of the R-tree's CREATE INDEX; word parameters as strings, the others as numbers. */
    public String withClause() {
        ObjectNode with = JsonNodeFactory.instance.objectNode();
        ObjectNode mergePolicy = with.putObject("merge-policy");
        mergePolicy.put("name", policy);
        ObjectNode values = mergePolicy.putObject("parameters");
        validated().values().forEach((parameter, value) -> {
            if (value.matches("-?[0-9]+")) {
                values.put(parameter, Long.parseLong(value));
            } else if (value.matches("-?[0-9]+\\.[0-9]+")) {
                values.put(parameter, new BigDecimal(value));
            } else {
                values.put(parameter, value);
            }
        });
        with.put("comparator", comparator);
        return with.toString();
    }

    /** Every parameter, defaults filled in, by the same core the engine and the DDL use. */
    public PolicyParameters validated() {
        return PolicyCatalog.byName(policy).parse(parameters);
    }

    /** The spatial simulator's run of this configuration on the same flushes. */
    public SpatialSummary simulate(SpatialSimulation.Settings settings) {
        PolicyParameters values = validated();
        return isLeveled() ? SpatialSimulation.leveled(new LeveledPolicy(values), settings, progress -> { })
                : SpatialSimulation.stack(values.descriptor().create(values), settings, progress -> { });
    }

    /**
     * For a stack policy, the simulator once per index partition on the component sizes the engine's policy saw
     * there: the partition's flushes and merge outputs in bytes, from its LSM events (a merge the engine did not
     * make gets the sum of its inputs), with the MBRs of {@code settings}' flushes. Size-based policies (tiered)
     * need it: a small R-tree component is padded to the minimum file size whatever it holds, so the engine's tiers
     * are not those of components sized by their entries. Empty for a leveled configuration, and when a partition
     * did not flush as often as {@code settings} do (its flushes are then not the modelled ones).
     */
    public List<SpatialSummary> simulateOnEngineSizes(SpatialSimulation.Settings settings,
            Collection<PartitionHistory> partitions) {
        if (isLeveled() || partitions.isEmpty()
                || partitions.stream().anyMatch(p -> p.flushSizes().length != settings.flushes())) {
            return List.of();
        }
        PolicyParameters values = validated();
        return partitions.stream().map(history -> SpatialSimulation.stack(values.descriptor().create(values),
                settings, history.flushSizes(), MergedSize.measuredOrSum(history::mergedBytes), progress -> { }))
                .toList();
    }

    /** The simulator's settings need the comparator as an ordering. */
    public Ordering ordering() {
        return Orderings.create(comparator);
    }
}
