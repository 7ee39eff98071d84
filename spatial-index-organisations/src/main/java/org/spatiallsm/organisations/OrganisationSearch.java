package org.spatiallsm.organisations;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.spatiallsm.curves.GridRect;
import org.spatiallsm.geometry.Rect;

/**
 * A range search of a DHB or DHVB index: the skip-scan over the region's MBR yields candidates (points inside the
 * MBR), and refinement against the region itself keeps the results. The counters are the false-positive ratio's
 * inputs and the re-seeks.
 */
public final class OrganisationSearch {

    private OrganisationSearch() {
    }

    /** The results in index order, with the search's counters. */
    public record Result(List<PointEntry> results, long candidates, long seeks, long reseeks, long entriesRead) {

        /** Candidates the refinement discarded, per candidate (0 when there were none). */
        public double falsePositiveRatio() {
            return candidates == 0 ? 0 : (double) (candidates - results.size()) / candidates;
        }
    }

    public static Result search(HilbertOrganisation organisation, CurveIndex<PointEntry> index, QueryRegion region) {
        Rect mbr = region.mbr();
        Optional<GridRect> cells = organisation.cells(mbr);
        if (cells.isEmpty()) {
            return new Result(List.of(), 0, 0, 0, 0);
        }
        List<PointEntry> results = new ArrayList<>();
        SkipScan.Statistics statistics = SkipScan.scan(index, HilbertOrganisation.ORDER, cells.get(),
                entry -> organisation.position(entry.x(), entry.y()), entry -> mbr.contains(entry.x(), entry.y()),
                candidate -> {
                    if (region.contains(candidate.x(), candidate.y())) {
                        results.add(candidate);
                    }
                });
        return new Result(results, statistics.candidates(), statistics.seeks(), statistics.reseeks(),
                statistics.entriesRead());
    }
}
