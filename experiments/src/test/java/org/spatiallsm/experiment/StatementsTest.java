package org.spatiallsm.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.spatiallsm.load.DatasetName;
import org.spatiallsm.workloads.GeoRect;
import org.spatiallsm.workloads.PointDistributions;
import org.spatiallsm.workloads.RecordFormat;
import org.spatiallsm.workloads.RecordGenerator;
import org.spatiallsm.workloads.RecordShapes;

class StatementsTest {

    @Test
    void aPointRecordHasTheGeneratorsPointAndAPayloadOfTheRecordSize() {
        RecordGenerator points = new RecordGenerator(PointDistributions.create("uniform", Map.of(), 1),
                RecordShapes.named("point"), 1);

        String record = Statements.pointRecord(points, 3, 100, 1);

        // ADM's point constructor, which SQL++ shares: one line serves a socket feed and an INSERT statement alike.
        assertThat(record).startsWith("{\"id\": 3, \"location\": point(\"" + RecordFormat.number(points.point(3).lon())
                + "," + RecordFormat.number(points.point(3).lat()) + "\"), \"payload\": \"").endsWith("\"}");
        assertThat(record.split("\"payload\": \"")[1]).matches("[A-Za-z0-9]{40}\"\\}");
        assertThat(Statements.pointRecord(points, 3, 100, 1)).isEqualTo(record);
        assertThat(Statements.pointRecord(points, 4, 100, 1)).isNotEqualTo(record);
    }

    @Test
    void aWindowCountIntersectsTheLocationWithTheWindow() {
        DatasetName dataset = new DatasetName("Bench", "d");

        assertThat(Statements.windowCount(dataset, new GeoRect(-1.5, -0.5, 1.5, 0.5)))
                .isEqualTo("SELECT VALUE COUNT(*) FROM " + dataset.sql() + " p WHERE spatial_intersect(p.location, "
                        + "create_rectangle(create_point(-1.5, -0.5), create_point(1.5, 0.5)));");
    }

    @Test
    void theClusterGeneratesRecordsOfTheRequestedRange() {
        DatasetName dataset = new DatasetName("Bench", "d");

        assertThat(Statements.generatedOnCluster(dataset, 10, 5, 32, false)).contains("FROM range(10, 14) x")
                .contains("range(0, 1) i").doesNotContain("location");
        assertThat(Statements.generatedOnCluster(dataset, 0, 1, 16, true)).contains("\"location\": create_point(");
    }

    @Test
    void hashedKeysAreABijectionOfTheRecordNumbers() {
        DatasetName dataset = new DatasetName("Bench", "d");

        assertThat(Statements.generated("UPSERT", dataset, "[3, 7]", 16, false, true))
                .startsWith("UPSERT INTO " + dataset.sql() + " (SELECT VALUE {\"id\": (x * 1327217884 % 2147483647), ")
                .endsWith("FROM [3, 7] x);");
        assertThat(Statements.hashedKey(1)).isEqualTo(1_327_217_884);
        // 2^31 - 2 is the largest number the map covers; it maps to -1,327,217,884 mod (2^31 - 1).
        assertThat(Statements.hashedKey((1L << 31) - 2)).isEqualTo(820_265_763);
        // Consecutive records are far apart: the first ten keys spread over the whole range.
        assertThat(java.util.stream.LongStream.range(0, 10).map(Statements::hashedKey).max().getAsLong())
                .isGreaterThan(1L << 30);
        Set<Long> keys = new HashSet<>();
        for (long x = 0; x < 100_000; x++) {
            keys.add(Statements.hashedKey(x));
        }
        assertThat(keys).hasSize(100_000);
    }
}
