package org.spatiallsm.asterixdb.organisation.grid;

import java.io.Serializable;

import org.spatiallsm.organizations.grid.GridOrganisation;
import org.spatiallsm.organizations.grid.GridParameters;

/**
 * A grid index's kind and parameters as text, as they travel in a job (Java-serialised) and are persisted in the
 * index's resource (JSON): the space "x1,y1,x2,y2", the densities "l,l,l,l,h,m" and the cells-per-object cap.
 */
record GridSettings(GridOrganisation.Kind kind, String space, String levels, String cellsPerObject)
        implements Serializable {

    static GridSettings of(GridOrganisation.Kind kind, GridParameters parameters) {
        return new GridSettings(kind, parameters.space().toString(), parameters.densityLetters(),
                Integer.toString(parameters.cellsPerObject()));
    }

    GridOrganisation organisation() {
        return new GridOrganisation(kind, GridParameters.parse(space, levels, cellsPerObject));
    }
}
