package org.spatiallsm.experiment.study;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.MergePolicy;
import org.spatiallsm.merge.ParameterSpec;
import org.spatiallsm.merge.PolicyParameters;
import org.spatiallsm.partitioning.leveled.KeyRangeSpace;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One policy of the merge-policy study: a stack policy of spatial-lsm (its decision core replays the engine's
 * merges), the leveled policy (its core gives the level counts the engine must reach), or one of AsterixDB's stock
 * policies {@code concurrent} and {@code prefix}, which report no events (their costs come from the component
 * listings).
 *
 * @param name        the policy name, which is also the configuration's id
 * @param label       the policy and the parameters given, e.g. "binomial k=4"
 * @param parameters  every parameter the policy runs with (for leveled and the stock policies: those its WITH clause
 *                    gives and the defaults of the measured index)
 * @param with        the WITH clause of the measured index (of the dataset for the primary index)
 * @param stackCore   the decision core of a stack policy of spatial-lsm
 * @param leveledCore the core of the leveled policy, with the parameters the dataset runs
 * @param bound       k, the most components of a bounded-depth policy (binomial, min-latency, bigtable, exploring,
 *                    constant-all)
 */
record StudiedPolicy(String name, String label, Map<String, String> parameters, String with,
        Optional<MergePolicy> stackCore, Optional<LeveledPolicy> leveledCore, OptionalInt bound) {

    /** AsterixDB 0.9.8's defaults of its Concurrent policy, which it requires spelled out. */
    static final Map<String, String> CONCURRENT = orderedMap("max-component-count", "30",
            "min-merge-component-count", "3", "max-merge-component-count", "10", "size-ratio", "1.2");
    /** The Prefix policy as Kim's dissertation configured it: components up to 1 GB, at most 5 of them. */
    static final Map<String, String> PREFIX = orderedMap("max-mergable-component-size", "1073741824",
            "max-tolerance-component-count", "5");
    /** The leveled policy's defaults on a dataset, the merge-policy study's primary index (docs/leveled.md). */
    static final Map<String, String> LEVELED_PRIMARY_DEFAULTS = orderedMap(LeveledPolicy.LEVEL0_COMPONENTS, "10",
            LeveledPolicy.SIZE_RATIO, "10");
    private static final Map<String, Map<String, String>> STOCK = Map.of("concurrent", CONCURRENT, "prefix", PREFIX);
    private static final List<String> BOUNDED = List.of("binomial", "min-latency", "bigtable", "exploring",
            "constant-all");

    int intParameter(String parameter) {
        return Integer.parseInt(parameters.get(parameter));
    }

    boolean leveled() {
        return leveledCore.isPresent();
    }

    /** Events: the policies of spatial-lsm report their flushes and merges, AsterixDB's stock policies do not. */
    boolean reportsEvents() {
        return !STOCK.containsKey(name);
    }

    /** The names {@link #choose} accepts. */
    static List<String> names() {
        List<String> names = new ArrayList<>(MergePolicies.all().stream().map(p -> p.name()).toList());
        names.add(LeveledPolicy.NAME);
        names.addAll(List.of("concurrent", "prefix"));
        return names;
    }

    /**
     * Each policy named, with the {@code given} parameters it declares (the rest take their defaults; the stock
     * policies take none); a parameter no listed policy declares is a mistake, and so is a policy named twice.
     *
     * @param primary the measured index is the dataset's primary index, whose leveled defaults differ
     */
    static List<StudiedPolicy> choose(List<String> policies, Map<String, String> given, boolean primary) {
        List<StudiedPolicy> chosen = new ArrayList<>();
        Map<String, String> unused = new LinkedHashMap<>(given);
        for (String raw : policies) {
            String name = raw.strip();
            if (chosen.stream().anyMatch(p -> p.name().equals(name))) {
                throw new IllegalArgumentException("policy " + name + " is listed twice in parameter policies");
            }
            if (STOCK.containsKey(name)) {
                chosen.add(new StudiedPolicy(name, name, STOCK.get(name), with(name, STOCK.get(name)),
                        Optional.empty(), Optional.empty(), OptionalInt.empty()));
            } else if (name.equals(LeveledPolicy.NAME)) {
                Map<String, String> own = declared(LeveledPolicy.PARAMETERS.parameters(), given, unused);
                Map<String, String> effective = new LinkedHashMap<>(primary ? LEVELED_PRIMARY_DEFAULTS : Map.of());
                effective.putAll(own);
                LeveledPolicy core = LeveledPolicy.create(effective,
                        new KeyRangeSpace<Long>(Comparator.naturalOrder()));
                chosen.add(new StudiedPolicy(name, label(name, effective), effective, with(name, own),
                        Optional.empty(), Optional.of(core), OptionalInt.empty()));
            } else if (MergePolicies.all().stream().anyMatch(p -> p.name().equals(name))) {
                PolicyParameters values = PolicyParameters.parse(MergePolicies.byName(name),
                        declared(MergePolicies.byName(name).parameters(), given, unused));
                chosen.add(new StudiedPolicy(name, label(name, values.values()), values.values(),
                        with(name, values.values()),
                        Optional.of(values.descriptor().create(values)), Optional.empty(),
                        BOUNDED.contains(name) ? OptionalInt.of(values.getInt("k")) : OptionalInt.empty()));
            } else {
                throw new IllegalArgumentException("unknown policy '" + name + "' in parameter policies; valid: "
                        + String.join(", ", names()));
            }
        }
        if (!unused.isEmpty()) {
            throw unusedParameter(unused, policies);
        }
        return chosen;
    }

    static IllegalArgumentException unusedParameter(Map<String, String> unused, List<String> policies) {
        return new IllegalArgumentException("policy parameter " + unused.keySet().iterator().next()
                + " is a parameter of none of the policies " + String.join(", ", policies));
    }

    /** The {@code given} parameters among {@code declared}, each removed from {@code unused}. */
    static Map<String, String> declared(List<ParameterSpec> declared, Map<String, String> given,
            Map<String, String> unused) {
        Map<String, String> own = new LinkedHashMap<>();
        for (ParameterSpec parameter : declared) {
            if (given.containsKey(parameter.name())) {
                own.put(parameter.name(), given.get(parameter.name()));
                unused.remove(parameter.name());
            }
        }
        return own;
    }

    /** {"merge-policy": {"name": ..., "parameters": {...}}}: integers, decimals, and words as strings. */
    static String with(String policy, Map<String, String> parameters) {
        ObjectNode with = JsonNodeFactory.instance.objectNode();
        ObjectNode merge = with.putObject("merge-policy");
        merge.put("name", policy);
        ObjectNode values = merge.putObject("parameters");
        parameters.forEach((name, value) -> {
            // Integers as integers: AsterixDB's stock policies refuse 30.0 where they expect a bigint.
            if (value.matches("-?[0-9]+")) {
                values.put(name, Long.parseLong(value));
            } else if (value.matches("-?[0-9]*\\.[0-9]+")) {
                values.put(name, new BigDecimal(value));
            } else {
                values.put(name, value);
            }
        });
        return with.toString();
    }

    static String label(String policy, Map<String, String> parameters) {
        StringBuilder label = new StringBuilder(policy);
        parameters.forEach((name, value) -> label.append(' ').append(name).append('=').append(value));
        return label.toString();
    }

    private static Map<String, String> orderedMap(String... namesAndValues) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            map.put(namesAndValues[i], namesAndValues[i + 1]);
        }
        return map;
    }
}
