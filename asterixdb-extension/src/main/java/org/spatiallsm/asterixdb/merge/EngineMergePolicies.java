package org.spatiallsm.asterixdb.merge;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.spatiallsm.asterixdb.rtree.leveled.LeveledMergePolicyFactory;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;

/**
 * The one list of merge policies spatial-lsm registers with AsterixDB: the policy name (the row in
 * {@code Metadata.CompactionPolicy}), the factory class AsterixDB instantiates, and the persisted-resource id
 * written into every index's {@code .metadata}. A registry id is on disk forever: never rename one.
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
            new Registration(LeveledPolicy.NAME, "SpatialLsmLeveledMergePolicyFactory",
                    LeveledMergePolicyFactory.class, LeveledMergePolicyFactory::new));

    private static final Map<String, Registration> BY_CLASS_NAME =
            ALL.stream().collect(Collectors.toMap(r -> r.factoryClass().getName(), Function.identity()));

    private EngineMergePolicies() {
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

        public Binomial() {
            super("binomial");
        }
    }

    public static final class MinLatency extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;

        public MinLatency() {
            super("min-latency");
        }
    }

    public static final class Tiered extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;

        public Tiered() {
            super("tiered");
        }
    }

    public static final class Bigtable extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;

        public Bigtable() {
            super("bigtable");
        }
    }

    public static final class Exploring extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;

        public Exploring() {
            super("exploring");
        }
    }

    public static final class ConstantAll extends StackMergePolicyFactory {
        private static final long serialVersionUID = 1L;

        public ConstantAll() {
            super("constant-all");
        }
    }
}
