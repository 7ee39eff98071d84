package org.spatiallsm.experiment;

import java.util.List;
import java.util.stream.Collectors;

import org.spatiallsm.experiment.study.ComparatorsStudy;
import org.spatiallsm.experiment.study.KnnStudy;
import org.spatiallsm.experiment.study.MergePoliciesStudy;
import org.spatiallsm.experiment.study.OrganisationsStudy;
import org.spatiallsm.experiment.study.SpatialPoliciesStudy;

/** The studies {@code experiment} runs. */
public final class Studies {

    public static final List<Study> ALL = List.of(new SpatialPoliciesStudy(), new MergePoliciesStudy(),
            OrganisationsStudy.points(), OrganisationsStudy.nonPoint(), new ComparatorsStudy(), new KnnStudy());

    private Studies() {
    }

    /** A one-line error listing the valid studies for an unknown one. */
    public static Study named(String name) {
        return ALL.stream().filter(study -> study.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown study '" + name + "'; valid: " + names()));
    }

    public static String names() {
        return ALL.stream().map(Study::name).collect(Collectors.joining(", "));
    }
}
