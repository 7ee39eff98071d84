package org.spatiallsm.experiment.study;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.spatiallsm.experiment.Configuration;
import org.spatiallsm.experiment.ConfigurationRun;
import org.spatiallsm.experiment.Parameters;
import org.spatiallsm.experiment.PublishedValue;
import org.spatiallsm.experiment.Scale;
import org.spatiallsm.experiment.Statements;
import org.spatiallsm.experiment.Study;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.Sqlpp;
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.ParameterSpec;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The merge-policy study (Mao's dissertation, chapter 3): the same records ingested under each stack policy, a
 * flush after every equal share, write amplification from the flush and merge events. The cluster generates the
 * records (INSERT ... SELECT), so the rate is the engine's, not HTTP's. There is no read phase: the study derives
 * read amplification from the component counts.
 */
public final class MergePoliciesStudy implements Study {

    @Override
    public String name() {
        return "merge-policies";
    }

    @Override
    public String title() {
        return "Stack merge policies of an LSM index";
    }

    @Override
    public Map<String, String> preset(Scale scale) {
        Map<String, String> preset = new LinkedHashMap<>();
        switch (scale) {
            case SMOKE -> put(preset, 4_000, 200, 500);
            case SMALL -> put(preset, 100_000, 1_000, 5_000);
            case MEDIUM -> put(preset, 2_000_000, 1_000, 20_000);
            case LARGE -> put(preset, 10_000_000, 1_000, 50_000);
            default -> throw new IllegalArgumentException(scale.id());
        }
        return preset;
    }

    private static void put(Map<String, String> preset, long records, int recordBytes, long perFlush) {
        preset.put("records", Long.toString(records));
        preset.put("recordBytes", Integer.toString(recordBytes));
        preset.put("recordsPerFlush", Long.toString(perFlush));
        preset.put("policies", MergePolicies.all().stream().map(PolicyDescriptor::name)
                .collect(Collectors.joining(",")));
        preset.put("policyParameters", "");
        preset.put("index", "primary");
    }

    @Override
    public String runTime(Scale scale) {
        return switch (scale) {
            case SMOKE -> "35 s (shared machine)";
            case SMALL -> "10 min (shared machine, load average 21 to 25)";
            default -> "not measured yet";
        };
    }

    @Override
    public List<Configuration> configurations(Parameters parameters) {
        StudySetup.equalFlushes(parameters);
        parameters.small("recordBytes", 1);
        measuredIndexIsRtree(parameters);
        return policies(parameters).stream().map(policy -> new Configuration(policy.descriptor().name(),
                label(policy))).toList();
    }

    @Override
    public void run(Configuration configuration, Parameters parameters, ConfigurationRun run) throws Exception {
        PolicyParameters policy = policies(parameters).stream()
                .filter(p -> p.descriptor().name().equals(configuration.id())).findFirst().orElseThrow();
        boolean rtree = measuredIndexIsRtree(parameters);
        DatasetName dataset = run.cluster().dataset(configuration);
        String type = Sqlpp.identifier(dataset.dataset() + "Type");
        run.cluster().client().executeOrThrow("USE " + Sqlpp.identifier(dataset.dataverse()) + "; CREATE TYPE "
                + type + " IF NOT EXISTS AS "
                + (rtree ? "{ id: int64, location: point, payload: string }" : "{ id: int64, payload: string }")
                + "; CREATE DATASET " + Sqlpp.identifier(dataset.dataset()) + "(" + type + ") PRIMARY KEY id WITH "
                + (rtree ? Statements.STUDIES_PRIMARY_POLICY : with(policy)) + ";"
                + (rtree ? "CREATE INDEX " + Statements.RTREE + " ON " + Sqlpp.identifier(dataset.dataset())
                        + "(location) TYPE RTREE WITH " + with(policy) + ";" : ""));
        long perFlush = parameters.whole("recordsPerFlush", 1);
        int recordBytes = parameters.small("recordBytes", 1);
        run.load("load", dataset, 0, parameters.whole("records", 1), perFlush, perFlush,
                (first, end) -> run.cluster().client().executeOrThrow(Statements.generatedOnCluster(dataset, first,
                        end - first, recordBytes, rtree)));
        run.settle(dataset);
        run.writeIoEvents(dataset);
    }

    /** Table 1 of the spatial paper for Binomial k = 4 and Tiered B = 4: components after n flushes. */
    @Override
    public List<PublishedValue> published(Parameters parameters, int partitions) {
        List<PublishedValue> marks = new ArrayList<>();
        for (PolicyParameters policy : policies(parameters)) {
            String name = policy.descriptor().name();
            int bound = name.equals("binomial") ? policy.getInt("k")
                    : name.equals("tiered") ? policy.getInt("size-ratio") : 0;
            marks.addAll(SortedRuns.marks(name, measuredIndexIsRtree(parameters) ? Statements.RTREE : "primary index",
                    name, bound, parameters.whole("recordsPerFlush", 1), parameters.whole("records", 1),
                    partitions));
        }
        return marks;
    }

    private static boolean measuredIndexIsRtree(Parameters parameters) {
        return switch (parameters.text("index")) {
            case "primary" -> false;
            case "rtree" -> true;
            default -> throw new IllegalArgumentException("parameter index is primary or rtree, got '"
                    + parameters.text("index") + "'");
        };
    }

    private static List<PolicyParameters> policies(Parameters parameters) {
        Map<String, String> given = new LinkedHashMap<>();
        for (String parameter : parameters.list("policyParameters")) {
            int equals = parameter.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("parameter policyParameters expects NAME=VALUE,..., got '"
                        + parameter + "'");
            }
            given.put(parameter.substring(0, equals).strip(), parameter.substring(equals + 1).strip());
        }
        return choose(parameters.list("policies"), given);
    }

    /**
     * Each policy named, with the {@code given} parameters it declares (the rest take their defaults); a parameter
     * no listed policy declares is a mistake.
     */
    public static List<PolicyParameters> choose(List<String> policies, Map<String, String> given) {
        List<PolicyParameters> chosen = new ArrayList<>();
        Map<String, String> unused = new LinkedHashMap<>(given);
        for (String name : policies) {
            PolicyDescriptor descriptor = MergePolicies.byName(name.strip());
            Map<String, String> own = new LinkedHashMap<>();
            for (ParameterSpec declared : descriptor.parameters()) {
                if (given.containsKey(declared.name())) {
                    own.put(declared.name(), given.get(declared.name()));
                    unused.remove(declared.name());
                }
            }
            chosen.add(PolicyParameters.parse(descriptor, own));
        }
        if (!unused.isEmpty()) {
            throw new IllegalArgumentException("policy parameter " + unused.keySet().iterator().next()
                    + " is a parameter of none of the policies " + String.join(", ", policies));
        }
        return chosen;
    }

    /** {"merge-policy": {"name": ..., "parameters": {...}}} with every parameter as a number. */
    public static String with(PolicyParameters values) {
        ObjectNode with = JsonNodeFactory.instance.objectNode();
        ObjectNode policy = with.putObject("merge-policy");
        policy.put("name", values.descriptor().name());
        ObjectNode parameters = policy.putObject("parameters");
        values.values().forEach((name, value) -> parameters.put(name, new BigDecimal(value)));
        return with.toString();
    }

    /** The policy and its parameters, e.g. "binomial k=4". */
    public static String label(PolicyParameters values) {
        StringBuilder label = new StringBuilder(values.descriptor().name());
        values.values().forEach((name, value) -> label.append(' ').append(name).append('=').append(value));
        return label.toString();
    }
}
