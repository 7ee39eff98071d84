package org.spatiallsm.asterixdb.merge;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledMergePolicyFactory;

/**
 * The one list of merge policies spatial-lsm registers with AsterixDB: the policy name (the row in
 * {@code Metadata.CompactionPolicy}), the factory class AsterixDB instantiates, and the persisted-resource id
 * written into every index's {@code .metadata}. A registry id is on disk forever: never rename one. The names are
 * exactly those of {@code PolicyCatalog} (EngineMergePoliciesTest), and each factory takes its name from here.
 */
public final class EngineMergePolicies {

    /** One registered policy. */
    public record Registration(String policyName, String registryId,
            Class<? extends ILSMMergePolicyFactory> factoryClass, Supplier<ILSMMergePolicyFactory> factory) {
    }

    public static final List<Registration> ALL = List.of(
            new Registration("binomial", "SpatialLsmBinomialMergePolicyFactory", Binomial.class, Binomial::new),
            new Registration("min-latency", "SpatialLsmMinLatencyMergePolicyFactory", MinLatency.class,
                    MinLatency::new),
            new Registration("tiered", "SpatialLsmTieredMergePolicyFactory", Tiered.class, Tiered::new),
            new Registration("bigtable", "SpatialLsmBigtableMergePolicyFactory", Bigtable.class, Bigtable::new),
            new Registration("exploring", "SpatialLsmExploringMergePolicyFactory", Exploring.class, Exploring::new),
            new Registration("constant-all", "SpatialLsmConstantAllMergePolicyFactory", ConstantAll.class,
                    ConstantAll::new),
            new Registration("leveled", "SpatialLsmLeveledMergePolicyFactory",
                    LeveledMergePolicyFactory.class, LeveledMergePolicyFactory::new));

    private static final Map<String, Registration> BY_CLASS_NAME =
            ALL.stream().collect(Collectors.toMap(r -> r.factoryClass().getName(), Function.identity()));

    private EngineMergePolicies() {
    }

    /** The policy name {@code factoryClass} is registered under. */
    public static String policyName(Class<? extends ILSMMergePolicyFactory> factoryClass) {
        Registration registration = BY_CLASS_NAME.get(factoryClass.getName());
        if (registration == null) {
            throw new IllegalStateException(factoryClass.getName() + " is not registered in EngineMergePolicies");
        }
        return registration.policyName();
    }

    static ILSMMergePolicyFactory factoryForClassName(String className) throws HyracksDataException {
        Registration registration = BY_CLASS_NAME.get(className);
        if (registration == null) {
            throw HyracksDataException.create(new IllegalStateException(
                    "index metadata names merge-policy factory " + className + ", which spatial-lsm does not know"));
        }
        return registration.factory().get();
    }

    public static final class Binomial extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;
    }

    public static final class MinLatency extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;
    }

    public static final class Tiered extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;
    }

    public static final class Bigtable extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;
    }

    public static final class Exploring extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;
    }

    public static final class ConstantAll extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;
    }
}
