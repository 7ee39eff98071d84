package org.spatiallsm.asterixdb.organisation.grid;

import java.util.Set;

import org.apache.asterix.om.types.ATypeTag;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.spatiallsm.asterixdb.organisation.OrganisationStorage;
import org.spatiallsm.organisations.grid.GridOrganisation;
import org.spatiallsm.storage.IndexOrganisation;
import org.spatiallsm.storage.OrganisationTypes;

/**
 * The physical swap's choice for the static-grid organisations: the SHB-tree on points or on MBRs, or SIF, with the
 * grid the DDL stored (its defaults already filled in by {@link OrganisationTypes}).
 */
public final class GridSwap {

    private static final Set<ATypeTag> MBR_TYPES =
            Set.of(ATypeTag.RECTANGLE, ATypeTag.LINE, ATypeTag.POLYGON, ATypeTag.CIRCLE);

    private GridSwap() {
    }

    /** The storage of an SHB or SIF {@code organisation} on a field of type {@code field}. */
    public static OrganisationStorage storage(IndexOrganisation organisation, ATypeTag field, String indexName)
            throws AlgebricksException {
        String kind = organisation.kind();
        GridOrganisation.Kind layout;
        if (field == ATypeTag.POINT && (kind.equals(IndexOrganisation.SHB) || kind.equals(IndexOrganisation.SIF))) {
            layout = kind.equals(IndexOrganisation.SIF) ? GridOrganisation.Kind.SIF : GridOrganisation.Kind.SHB_POINTS;
        } else if (kind.equals(IndexOrganisation.SHB) && MBR_TYPES.contains(field)) {
            layout = GridOrganisation.Kind.SHB_OBJECTS;
        } else {
            throw new AlgebricksException("index " + indexName + ": TYPE " + OrganisationTypes.typeName(kind)
                    + " is not available on a " + field + " field"
                    + (kind.equals(IndexOrganisation.SHB) ? " (point, rectangle, line, polygon or circle)" : ""));
        }
        return GridSettings.of(layout, OrganisationTypes.gridParameters(organisation));
    }
}
