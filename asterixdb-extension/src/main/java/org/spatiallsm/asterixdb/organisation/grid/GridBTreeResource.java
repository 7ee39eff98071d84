package org.spatiallsm.asterixdb.organisation.grid;

import org.apache.hyracks.api.compression.ICompressorDecompressorFactory;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.io.IJsonSerializable;
import org.apache.hyracks.api.io.IPersistedResourceRegistry;
import org.apache.hyracks.storage.am.lsm.common.api.ILSMIndex;
import org.spatiallsm.asterixdb.organisation.OrganisationBTree;
import org.spatiallsm.asterixdb.organisation.OrganisationBTreeResource;
import org.spatiallsm.organisations.grid.GridOrganisation;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The persisted description of a {@link GridBTree}: an LSM B-tree resource plus the grid's kind and parameters, so
 * that a restart reopens the index with the same cells. Registered under its own id in
 * {@code SpatialPersistedResourceRegistry}.
 */
public final class GridBTreeResource extends OrganisationBTreeResource {

    private static final long serialVersionUID = 1L;
    private static final String KIND = "gridKind";
    private static final String SPACE = "gridSpace";
    private static final String LEVELS = "gridLevels";
    private static final String CELLS_PER_OBJECT = "gridCellsPerObject";

    private final GridSettings settings;

    GridBTreeResource(GridSettings settings, Args args) {
        super(args);
        this.settings = settings;
    }

    private GridBTreeResource(IPersistedResourceRegistry registry, JsonNode json,
            ICompressorDecompressorFactory compressorFactory) throws HyracksDataException {
        super(registry, json, compressorFactory);
        this.settings = new GridSettings(GridOrganisation.Kind.valueOf(json.get(KIND).asText()),
                json.get(SPACE).asText(), json.get(LEVELS).asText(), json.get(CELLS_PER_OBJECT).asText());
    }

    @Override
    protected ILSMIndex newIndex(OrganisationBTree.Parts parts) throws HyracksDataException {
        return new GridBTree(parts, settings);
    }

    @Override
    protected void appendToJson(ObjectNode json, IPersistedResourceRegistry registry) throws HyracksDataException {
        super.appendToJson(json, registry);
        json.put(KIND, settings.kind().name());
        json.put(SPACE, settings.space());
        json.put(LEVELS, settings.levels());
        json.put(CELLS_PER_OBJECT, settings.cellsPerObject());
    }

    public static IJsonSerializable fromJson(IPersistedResourceRegistry registry, JsonNode json)
            throws HyracksDataException {
        return new GridBTreeResource(registry, json, compressor(registry, json));
    }
}
