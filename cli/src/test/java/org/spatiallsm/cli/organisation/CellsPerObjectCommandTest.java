package org.spatiallsm.cli.organisation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.spatiallsm.cli.CliRun;
import org.spatiallsm.workloads.KimSquares;
import org.spatiallsm.workloads.PointDistribution;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.Value;

class CellsPerObjectCommandTest {

    @Test
    void aRowPerDataSetCapAndRadiusWhoseCountsAddUp() {
        CliRun run = CliRun.of("cells-per-object", "--data", "lakes", "--records", "2000", "--caps", "4,1024",
                "--radius", "0.001,0.1", "--queries", "5");

        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        List<String> lines = run.lines();
        assertThat(lines.get(0)).isEqualTo("data,cells_per_object,objects,entries,entries_per_object,radius,queries,"
                + "candidates,false_positives,duplicates,results");
        assertThat(lines).hasSize(1 + 2 * 2);
        long[] entriesPerCap = new long[2];
        for (int row = 0; row < 4; row++) {
            String[] cells = lines.get(1 + row).split(",");
            assertThat(cells[0]).isEqualTo("lakes");
            assertThat(cells[1]).isEqualTo(row < 2 ? "4" : "1024");
            assertThat(cells[2]).isEqualTo("2000");
            assertThat(cells[5]).isEqualTo(row % 2 == 0 ? "0.001" : "0.1");
            long candidates = Long.parseLong(cells[7]);
            long results = Long.parseLong(cells[10]);
            assertThat(Long.parseLong(cells[8]) + Long.parseLong(cells[9]) + results).isEqualTo(candidates);
            // Every circle is centred on a square, so it finds at least that one.
            assertThat(results).isGreaterThanOrEqualTo(5);
            entriesPerCap[row / 2] = Long.parseLong(cells[3]);
        }
        // A larger cap never stores fewer entries; every square has at least one.
        assertThat(entriesPerCap[0]).isGreaterThanOrEqualTo(2000).isLessThanOrEqualTo(entriesPerCap[1]);
    }

    @Test
    void theSquaresAreTheRecordsSquares() {
        PointDistribution centres = PointDistributions.create("osm-like", Map.of(), 7);
        for (KimSquares squares : KimSquares.values()) {
            RecordGenerator records = new RecordGenerator(centres, RecordShapes.named(squares.shapeName()), 7);
            String field = records.shape().pointField();
            for (long id = 0; id < 200; id++) {
                assertThat(CellsPerObjectCommand.square(centres, squares, 7, id))
                        .isEqualTo(((Value.Rectangle) records.record(id).get(field)).value().toRect());
            }
        }
    }

    @Test
    void theWindowsAreTheCirclesOfTheExperimentsSelects() {
        CliRun run = CliRun.of("cells-per-object", "--data", "houses", "--records", "100", "--radius", "0.01,0.1",
                "--queries", "2", "--windows");

        assertThat(run.exitCode()).isZero();
        assertThat(run.lines()).hasSize(1 + 4).first().isEqualTo("data,query,radius,x,y");
        assertThat(run.lines().get(1)).startsWith("houses,0,0.01,");
        assertThat(run.lines().get(2)).startsWith("houses,1,0.1,");
    }

    @Test
    void aBadValueIsOneLine() {
        CliRun run = CliRun.of("cells-per-object", "--data", "rivers");

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).isEqualTo("error: --data lists houses and lakes, got 'rivers'\n");
        assertThat(CliRun.of("cells-per-object", "--caps", "0").err())
                .startsWith("error: ").contains("cells per object").doesNotContain("\n\t");
    }
}
