package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.api.compression.ICompressorDecompressorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The persisted description of a {@link HilbertBTree}: an LSM B-tree resource plus its {@code "organisation"}.
 * Registered under the id {@code SpatialLsmDhvbBTreeResource}; resources written before DHB existed have no
 * {@code "organisation"}: they are DHVB.
 */
public final class HilbertBTreeResource extends OrganisationBTreeResource {

    private static final long serialVersionUID = 1L;
    private static final String ORGANISATION = "organisation";

    private final HilbertLayout layout;

    HilbertBTreeResource(HilbertLayout layout, Args args) {
        super(args);
        this.layout = layout;
    }

    private HilbertBTreeResource(IPersistedResourceRegistry registry, JsonNode json,
            ICompressorDecompressorFactory compressorFactory) throws HyracksDataException {
        super(registry, json, compressorFactory);
        String kind = json.path(ORGANISATION).asText(HilbertLayout.DHVB.kind());
        this.layout = HilbertLayout.of(kind).orElseThrow(() -> Refusal.of("the index resource " + path
                + " names the organisation " + kind + ", which is no Hilbert B-tree"));
    }

    @Override
    protected void appendToJson(ObjectNode json, IPersistedResourceRegistry registry) throws HyracksDataException {
        super.appendToJson(json, registry);
        json.put(ORGANISATION, layout.kind());
    }

    @Override
    protected ILSMIndex newIndex(OrganisationBTree.Parts parts) throws HyracksDataException {
        return new HilbertBTree(layout, parts);
    }

    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        return new HilbertBTreeResource(registry, json, compressor(registry, json));
    }
}
