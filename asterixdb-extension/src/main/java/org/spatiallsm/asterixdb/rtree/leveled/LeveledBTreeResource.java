package org.spatiallsm.asterixdb.rtree.leveled;

import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;
import org.spatiallsm.asterixdb.organisation.OrganisationBTreeResource;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The persisted description of a {@link LeveledBTree}: an LSM B-tree resource (AsterixDB's fields and JSON, a primary
 * index's duplicate check, Bloom filters and compression included) under its own registry id, so that the index
 * reopens as a leveled B-tree. Registered in {@code SpatialPersistedResourceRegistry}.
 */
public final class LeveledBTreeResource extends OrganisationBTreeResource {

    private static final long serialVersionUID = 1L;

    LeveledBTreeResource(Args args, PrimaryFeatures features) {
        super(args, features);
    }

    private LeveledBTreeResource(IPersistedResourceRegistry registry, JsonNode json, PrimaryFeatures features)
            throws HyracksDataException {
        super(registry, json, features);
    }

    @Override
    protected OrganisationBTree.Storage storage() {
        return LeveledBTree.storage(hasBloomFilter ? bloomFilterKeyFields : null);
    }

    @Override
    protected ILSMIndex newIndex(OrganisationBTree.Parts parts) throws HyracksDataException {
        return new LeveledBTree(parts, features());
    }

    private PrimaryFeatures features() {
        return new PrimaryFeatures(isPrimary, hasBloomFilter, bloomFilterKeyFields, bloomFilterFalsePositiveRate,
                compressorDecompressorFactory);
    }

    /**
     * Read back by the registry. A resource written before leveled primary indexes existed has no Bloom filter and
     * is no primary index, which its JSON says as AsterixDB's own B-tree resource writes it.
     */
    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        boolean isPrimary = json.path("isPrimary").asBoolean(false);
        int[] bloomFilterKeyFields = OBJECT_MAPPER.convertValue(json.get("bloomFilterKeyFields"), int[].class);
        return new LeveledBTreeResource(registry, json,
                new PrimaryFeatures(isPrimary, json.path("hasBloomFilter").asBoolean(false), bloomFilterKeyFields,
                        json.path("bloomFilterFalsePositiveRate").asDouble(0), compressor(registry, json)));
    }
}
