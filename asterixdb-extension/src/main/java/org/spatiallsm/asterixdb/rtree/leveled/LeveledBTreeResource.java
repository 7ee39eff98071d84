package org.spatiallsm.asterixdb.rtree.leveled;

import org.apache.hyracks.api.compression.ICompressorDecompressorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;
import org.spatiallsm.asterixdb.organisation.OrganisationBTreeResource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The persisted description of a {@link LeveledBTree}: a secondary LSM B-tree resource (AsterixDB's fields and JSON)
 * under its own registry id, so that the index reopens as a leveled B-tree. Registered in
 * {@code SpatialPersistedResourceRegistry}.
 */
public final class LeveledBTreeResource extends OrganisationBTreeResource {

    private static final long serialVersionUID = 1L;

    LeveledBTreeResource(Args args) {
        super(args);
    }

    private LeveledBTreeResource(IPersistedResourceRegistry registry, JsonNode json,
            ICompressorDecompressorFactory compressorFactory) throws HyracksDataException {
        super(registry, json, compressorFactory);
    }

    @Override
    protected OrganisationBTree.Storage storage() {
        return LeveledBTree.STORAGE;
    }

    @Override
    protected ILSMIndex newIndex(OrganisationBTree.Parts parts) throws HyracksDataException {
        return new LeveledBTree(parts);
    }

    /** Read back by the registry. */
    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        return new LeveledBTreeResource(registry, json, compressor(registry, json));
    }
}
