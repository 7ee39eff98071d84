package org.spatiallsm.asterixdb.merge;

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
import org.spatiallsm.merge.MergePolicies;
import org.spatiallsm.merge.ParameterSpec;
import org.spatiallsm.merge.PolicyDescriptor;
import org.spatiallsm.merge.PolicyParameters;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The Hyracks factory for one of our stack-based policies. AsterixDB instantiates factories by class name with no
 * arguments (on the CC at DDL time) and persists them by registry id in every index's {@code .metadata}, so each
 * policy name needs a class of its own: the subclasses in {@link EngineMergePolicies}, whose registration names
 * their policy.
 */
public abstract class StackMergePolicyFactory implements ILSMMergePolicyFactory {
    private static final long serialVersionUID = 1L;

    @Override
    public String getName() {
        return EngineMergePolicies.policyName(getClass());
    }

    /**
     * AsterixDB requires a dataset's property set to equal this set exactly; our parser always hands over every
     * parameter under its natural name, defaults filled in.
     */
    @Override
    public Set<String> getPropertiesNames() {
        return descriptor().parameters().stream().map(ParameterSpec::name).collect(Collectors.toSet());
    }

    @Override
    public ILSMMergePolicy createMergePolicy(Map<String, String> configuration, INCServiceContext ctx) {
        PolicyDescriptor descriptor = descriptor();
        return new StackMergePolicyAdapter(descriptor.create(PolicyParameters.parse(descriptor, configuration)),
                new LsmEventJournal(LsmEventLog.of(ctx), ctx.getNodeId()));
    }

    @Override
    public JsonNode toJson(IPersistedResourceRegistry registry) throws HyracksDataException {
        return registry.getClassIdentifier(getClass(), serialVersionUID);
    }

    /**
     * Called reflectively by the persisted-resource registry, on the concrete subclass named in the JSON; the
     * factories are stateless, so the class is all there is to restore.
     */
    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        return EngineMergePolicies.factoryForClassName(json.get(IPersistedResourceRegistry.CLASS_FIELD_ID).asText());
    }

    private PolicyDescriptor descriptor() {
        return MergePolicies.byName(getName());
    }
}
