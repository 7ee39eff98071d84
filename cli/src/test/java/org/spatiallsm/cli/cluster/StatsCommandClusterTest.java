package org.spatiallsm.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.cli.CliRun;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.lsm.IndexComponents;
import org.spatiallsm.client.lsm.LsmIntrospectionClient;
import org.spatiallsm.introspection.IntrospectionJson;
import org.spatiallsm.testcluster.SpatialClusterExtension;

import com.fasterxml.jackson.databind.ObjectMapper;

/** stats against the in-process cluster: a dataset that flushed three times and merged everything once. */
@ExtendWith(SpatialClusterExtension.class)
class StatsCommandClusterTest {

    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @Test
    void printsWriteAmplificationReadsAndLevelsOfEveryIndex(QueryServiceClient client) throws Exception {
        // constant-all with k = 2 merges every component once a third one is flushed.
        client.executeOrThrow("CREATE DATAVERSE StatsIT; USE StatsIT; CREATE TYPE PT AS CLOSED {id: int64, "
                + "loc: point}; CREATE DATASET P(PT) PRIMARY KEY id WITH {\"merge-policy\": {\"name\": "
                + "\"constant-all\", \"parameters\": {\"k\": 2}}}; CREATE INDEX loc ON P(loc) TYPE RTREE;");
        LsmIntrospectionClient lsm = new LsmIntrospectionClient(client, Duration.ofMinutes(1));
        for (int batch = 0; batch < 3; batch++) {
            StringBuilder insert = new StringBuilder("USE StatsIT; INSERT INTO P ([");
            for (int id = batch * 100; id < batch * 100 + 100; id++) {
                insert.append(id % 100 == 0 ? "" : ", ").append("{\"id\": ").append(id).append(", \"loc\": point(\"")
                        .append(id % 90).append(".5,").append(id % 45).append(".25\")}");
            }
            client.executeOrThrow(insert.append("]);").toString());
            lsm.flushWithoutListing("StatsIT", "P");
        }
        List<IndexComponents> merged = awaitOneComponentPerPartition(lsm);
        client.executeOrThrow("USE StatsIT; SELECT VALUE COUNT(*) FROM P WHERE spatial_intersect(loc, "
                + "create_rectangle(create_point(0.0, 0.0), create_point(10.0, 10.0)));");

        CliRun run = CliRun.of("stats", "--dataverse", "StatsIT", "--dataset", "P", "--json");

        assertThat(run.exitCode()).as(run.err()).isZero();
        DatasetStats.StatsDocument json = IntrospectionJson.read(new ObjectMapper().readTree(run.out()),
                DatasetStats.StatsDocument.class, "stats");
        assertThat(json.indexes()).hasSize(2);
        for (DatasetStats.IndexStats index : json.indexes()) {
            String name = index.index();
            List<IndexComponents> partitions = merged.stream().filter(i -> i.where().index().equals(name)).toList();
            long onDisk = partitions.stream().flatMap(i -> i.components().stream()).mapToLong(c -> c.bytes()).sum();
            // Three flushes and one merge per partition; the merge's output is all that is left on disk.
            assertThat(index.partitions()).as(name).isEqualTo(partitions.size());
            assertThat(index.flushes()).as(name).isEqualTo(3L * partitions.size());
            assertThat(index.merges()).as(name).isEqualTo(partitions.size());
            assertThat(index.bytesMerged()).as(name).isEqualTo(onDisk);
            assertThat(index.bytes()).as(name).isEqualTo(onDisk);
            assertThat(index.components()).as(name).isEqualTo(partitions.size());
            assertThat(index.writeAmplification()).as(name).isEqualTo(
                    (double) (index.bytesFlushed() + onDisk) / index.bytesFlushed());
            assertThat(index.levels()).hasSize(1);
        }
        DatasetStats.IndexStats rtree = json.indexes().get(1);
        assertThat(rtree.index()).isEqualTo("loc");
        assertThat(rtree.searches()).isEqualTo(merged.stream().filter(i -> i.where().index().equals("loc")).count());
        assertThat(rtree.componentsPerSearch()).isEqualTo(1.0);

        CliRun table = CliRun.of("stats", "--dataverse", "StatsIT", "--dataset", "P");
        assertThat(table.exitCode()).as(table.err()).isZero();
        assertThat(table.out()).startsWith("StatsIT.P (dataset id ").contains("components per level");
        assertThat(CliRun.of("stats", "--dataverse", "StatsIT", "--dataset", "Nope").err())
                .isEqualTo("error: there is no dataset StatsIT.Nope" + System.lineSeparator());
    }

    private static List<IndexComponents> awaitOneComponentPerPartition(LsmIntrospectionClient lsm)
            throws InterruptedException {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (true) {
            List<IndexComponents> indexes = lsm.components("StatsIT", "P");
            if (indexes.stream().allMatch(i -> i.components().size() == 1 && !i.anyMerging())) {
                return indexes;
            }
            assertThat(System.nanoTime()).as("merged within " + DEADLINE + ": " + indexes).isLessThan(deadline);
            Thread.sleep(200);
        }
    }
}
