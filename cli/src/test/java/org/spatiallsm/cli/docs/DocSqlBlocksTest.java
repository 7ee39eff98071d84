package org.spatiallsm.cli.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.client.QueryResult;
import org.spatiallsm.testcluster.SpatialClusterExtension;

/**
 * The SQL++ blocks of docs/from-the-research-forks.md and docs/web-console.md run, in each page's order, against a
 * cluster: what the pages tell a user to type works.
 */
@ExtendWith(SpatialClusterExtension.class)
class DocSqlBlocksTest {

    private static final Path DOCS = Path.of("..", "docs");

    /** The fenced blocks whose info string is exactly "sql"; the forks' own forms are in other blocks. */
    static List<String> sqlBlocks(String doc) {
        List<String> blocks = new ArrayList<>();
        for (int start = doc.indexOf("```sql\n"); start >= 0; start = doc.indexOf("```sql\n", start + 1)) {
            int body = start + "```sql\n".length();
            blocks.add(doc.substring(body, doc.indexOf("```", body)));
        }
        return blocks;
    }

    @Test
    void everySqlppFormOfTheResearchForksPageRuns(QueryServiceClient client) throws IOException {
        List<String> blocks = sqlBlocks(Files.readString(DOCS.resolve("from-the-research-forks.md")));
        assertThat(blocks).hasSize(3);
        List<QueryResult> results = new ArrayList<>();
        for (String block : blocks) {
            results.add(client.executeOrThrow(block));
        }
        // Kim's circle query finds the one tweet inserted at its centre; Mao's window over an empty dataset none.
        assertThat(results.get(0).results()).singleElement().satisfies(count -> assertThat(count.asLong())
                .isEqualTo(1));
        assertThat(results.get(2).results()).singleElement().satisfies(row -> assertThat(row.path("$1").asLong())
                .isZero());
        assertThat(client.executeOrThrow("SELECT VALUE s.MergePolicy FROM SpatialLsm.IndexStorage s WHERE "
                + "s.DataverseName = 'mao' AND s.IndexName = 'locIdx';").results().toString()).contains("leveled");
    }

    @Test
    void everyQueryOfTheWebConsolePageRunsOnTheToursDataset(QueryServiceClient client) throws IOException {
        client.executeOrThrow("CREATE DATAVERSE Tour IF NOT EXISTS; USE Tour; CREATE TYPE CheckIn IF NOT EXISTS AS "
                + "{id: int64, location: point}; CREATE DATASET CheckIns(CheckIn) IF NOT EXISTS PRIMARY KEY id WITH "
                + "{\"merge-policy\": {\"name\": \"binomial\", \"parameters\": {\"k\": 4}}}; CREATE INDEX "
                + "locationIndex IF NOT EXISTS ON CheckIns(location) TYPE RTREE WITH {\"merge-policy\": {\"name\": "
                + "\"tiered\", \"parameters\": {\"size-ratio\": 4}}};");
        List<String> blocks = sqlBlocks(Files.readString(DOCS.resolve("web-console.md")));
        assertThat(blocks).hasSize(4);
        List<QueryResult> results = new ArrayList<>();
        for (String block : blocks) {
            results.add(client.executeOrThrow(block));
        }
        assertThat(results.get(0).results()).hasSize(2).anySatisfy(row -> assertThat(row.path("MergePolicy")
                .asText()).isEqualTo("tiered"));
        assertThat(results.get(1).results()).anySatisfy(row -> assertThat(row.path("IndexName").asText())
                .isEqualTo("CheckIns"));
        assertThat(results.get(2).results().toString()).contains("binomial", "leveled", "prefix");
    }
}
