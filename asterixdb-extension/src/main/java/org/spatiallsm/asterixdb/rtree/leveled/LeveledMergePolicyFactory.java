package org.spatiallsm.asterixdb.rtree.leveled;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import org.apache.hyracks.api.application.INCServiceContext;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicy;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMMergePolicyFactory;
import org.spatiallsm.asterixdb.introspection.LsmEventJournal;
import org.spatiallsm.asterixdb.introspection.LsmEventLog;
import org.spatiallsm.asterixdb.merge.EngineMergePolicies;
import org.spatiallsm.merge.ParameterSpec;
import org.spatiallsm.partitioning.leveled.LeveledPolicy;

import com.fasterxml.jackson.databind.JsonNode;

/** The Hyracks factory of the {@code leveled} merge policy (R-tree and secondary B-tree indexes). */
public final class LeveledMergePolicyFactory implements ILSMMergePolicyFactory {
    private static final long serialVersionUID = 1L;

    @Override
    public String getName() {
        return EngineMergePolicies.policyName(getClass());
    }

    /** Every parameter under its natural name: the DDL hands them all over, defaults filled in. */
    @Override
    public Set<String> getPropertiesNames() {
        return LeveledPolicy.PARAMETERS.parameters().stream().map(ParameterSpec::name).collect(Collectors.toSet());
    }

    @Override
    public ILSMMergePolicy createMergePolicy(Map<String, String> configuration, INCServiceContext ctx) {
        return new LeveledMergePolicy(LeveledPolicy.create(configuration),
                new LsmEventJournal(LsmEventLog.of(ctx), ctx.getNodeId()));
    }

    @Override
    public JsonNode toJson(IPersistedResourceRegistry registry) throws HyracksDataException {
        return registry.getClassIdentifier(getClass(), serialVersionUID);
    }

    /** Called reflectively by the persisted-resource registry; the factory is stateless. */
    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json) {
        return new LeveledMergePolicyFactory();
    }
}
