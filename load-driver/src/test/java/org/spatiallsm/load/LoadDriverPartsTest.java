package org.spatiallsm.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.util.ArrayList;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.spatiallsm.client.QueryServiceClient;
import org.spatiallsm.workloads.GeoPoint;
import org.spatiallsm.workloads.GeoRect;
import org.spatiallsm.workloads.RecordShapes;
import org.spatiallsm.workloads.Value;

import com.fasterxml.jackson.databind.JsonNode;

/** The load driver's parts that need no cluster. */
class LoadDriverPartsTest {

    private static Catalog.DatasetType type(boolean open, List<String> key, Object... nameTypeOptional) {
        Map<String, Catalog.FieldType> fields = new LinkedHashMap<>();
        for (int i = 0; i < nameTypeOptional.length; i += 3) {
            fields.put((String) nameTypeOptional[i], new Catalog.FieldType((String) nameTypeOptional[i + 1],
                    (Boolean) nameTypeOptional[i + 2]));
        }
        return new Catalog.DatasetType("T", open, key, fields);
    }

    @Test
    void schemaCheckAcceptsTheShapesOwnTypeAndOpenTypesThatDeclareLess() {
        assertThat(SchemaCheck.problems(type(false, List.of("id"), "id", "int64", false, "payload", "string", false,
                "loc", "point", false), RecordShapes.named("spatial"))).isEmpty();
        assertThat(SchemaCheck.problems(type(true, List.of("id"), "id", "int64", false),
                RecordShapes.named("spatial"))).isEmpty();
    }

    @Test
    void schemaCheckNamesEveryMismatch() {
        assertThat(SchemaCheck.problems(type(false, List.of("key"), "key", "string", false, "loc", "string", true),
                RecordShapes.named("point"))).containsExactly("its primary key is key, not id",
                        "field loc is string, the records have point", "its closed type T lacks id",
                        "the records lack its required key");
    }

    @Test
    void createStatementsDeclareTheShapeAndIndexItsPoint() {
        assertThat(DatasetSetup.createStatements(new DatasetName("Geo", "Tweets"), RecordShapes.named("tweet"),
                "{\"merge-policy\": {\"name\": \"binomial\"}}", true))
                .contains("CREATE DATAVERSE `Geo` IF NOT EXISTS; USE `Geo`;",
                        "CREATE TYPE `TweetsType` IF NOT EXISTS AS CLOSED { `tweetid`: int64, ",
                        "CREATE DATASET `Tweets`(`TweetsType`) PRIMARY KEY `tweetid` WITH {\"merge-policy\": "
                                + "{\"name\": \"binomial\"}};",
                        "CREATE INDEX `TweetsLocation` ON `Tweets`(`sender-location`) TYPE RTREE;");
        assertThat(DatasetSetup.createStatements(new DatasetName("Geo", "P"), RecordShapes.named("point"), null,
                false)).doesNotContain("INDEX", "WITH");
        assertThat(DatasetSetup.createStatements(new DatasetName("Geo", "P"), RecordShapes.named("point"), null,
                true, "{\"comparator\": \"simple\"}")).contains("CREATE DATASET `P`(`PType`) PRIMARY KEY `id`;",
                        "CREATE INDEX `PLocation` ON `P`(`loc`) TYPE RTREE WITH {\"comparator\": \"simple\"};");
    }

    @Test
    void resultMatcherAcceptsAsterixDbsJsonOfTheSameRecord() throws Exception {
        Value.Obj expected = Value.Obj.builder().put("id", new Value.Int64(7))
                .put("loc", new Value.Point(new GeoPoint(1.25, -3.5))).put("t", new Value.DateTime(1_000))
                .put("tags", new Value.TextBag(List.of("b", "a"))).put("n", new Value.Int32(3)).build();
        JsonNode same = QueryServiceClient.parseJson("{\"id\": 7, \"loc\": [1.25, -3.5], "
                + "\"t\": \"1970-01-01T00:00:01.000\", \"tags\": [\"a\", \"b\"], \"n\": 3}");
        JsonNode different = QueryServiceClient.parseJson("{\"id\": 7, \"loc\": [1.25, -3.4], "
                + "\"t\": \"1970-01-01T00:00:01.000\", \"tags\": [\"a\"], \"extra\": 1}");

        assertThat(ResultMatcher.differences(expected, same)).isEmpty();
        assertThat(ResultMatcher.differences(expected, different)).containsExactly(
                "loc: expected [1.25, -3.5], found [1.25,-3.4]", "tags: expected [a, b], found [\"a\"]",
                "n: missing", "extra: not generated");
    }

    @Test
    void resultMatcherReadsRectanglesAsTheirTwoCorners() throws Exception {
        Value.Obj expected = Value.Obj.builder().put("id", new Value.Int64(1))
                .put("area", new Value.Rectangle(new GeoRect(1.5, 2, 3, 4.25))).build();

        assertThat(ResultMatcher.differences(expected,
                QueryServiceClient.parseJson("{\"id\": 1, \"area\": [[1.5, 2.0], [3.0, 4.25]]}"))).isEmpty();
        assertThat(ResultMatcher.differences(expected,
                QueryServiceClient.parseJson("{\"id\": 1, \"area\": [[1.5, 2.0], [3.0, 4.5]]}")))
                .containsExactly("area: expected [[1.5, 2.0], [3.0, 4.25]], found [[1.5,2.0],[3.0,4.5]]");
    }

    @Test
    void progressLineShowsCountsRatesElapsedAndEta() {
        assertThat(Progress.line("records", 40_000, 100_000, 8012.4, Duration.ofSeconds(5)))
                .isEqualTo("40,000 / 100,000 records (40.0 %)  8,012 records/s  elapsed 0:00:05  ETA 0:00:08");
        assertThat(Progress.line("records", 5, -1, 1, Duration.ofSeconds(3725)))
                .isEqualTo("5 records  1 records/s  elapsed 1:02:05");
    }

    @Test
    void progressEndsWithAFinalReportEvenWhenNoIntervalHasPassed() {
        ByteArrayOutputStream lines = new ByteArrayOutputStream();
        Progress progress = new Progress("records", 5000, new PrintStream(lines, true), Duration.ofHours(1), false);
        progress.advance(5000);
        progress.close();
        progress.close();

        assertThat(lines.toString().lines()).singleElement().satisfies(line -> assertThat(line)
                .startsWith("5,000 / 5,000 records (100.0 %)  ").contains(" records/s  elapsed ")
                .endsWith("  ETA 0:00:00"));
    }

    @Test
    void progressOnATerminalRewritesItsLineAndEndsIt() {
        ByteArrayOutputStream screen = new ByteArrayOutputStream();
        try (Progress progress = new Progress("records", -1, new PrintStream(screen, true), Duration.ofHours(1),
                true)) {
            progress.advance(7);
        }

        assertThat(screen.toString()).startsWith("\r7 records  ").endsWith("   " + System.lineSeparator());
    }

    @Test
    void pacerHoldsTheSenderBackToTheTargetRate() {
        Pacer pacer = new Pacer(1000);
        long start = System.nanoTime();
        for (int i = 0; i <= 200; i++) {
            pacer.awaitTurn(i);
        }
        // Record 200 is due 0.2 s after the start; the pacer must not let it go earlier.
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(199_000_000L);
        assertThatThrownBy(() -> new Pacer(-1)).hasMessage("rate must be >= 0 records/s, got -1.0");
    }

    @Test
    void modesAndNamesAreCheckedWithOneLineErrors() {
        assertThat(FeedMode.parse("UpSert")).isEqualTo(FeedMode.UPSERT);
        assertThatThrownBy(() -> FeedMode.parse("merge")).hasMessage("mode must be insert or upsert, got 'merge'");
        assertThat(new DatasetName("a-b", "c`d").sql()).isEqualTo("`a-b`.`c\\`d`");
        assertThat(Sqlpp.string("say \"x\"\\")).isEqualTo("\"say \\\"x\\\"\\\\\"");
    }

    private static List<String> records(String text) throws IOException {
        List<String> records = new ArrayList<>();
        FileRecords.split(new StringReader(text), records::add);
        return records;
    }

    @Test
    void recordsOverSeveralLinesAreCountedAsRecordsAndSentAsOneLineEach() throws IOException {
        assertThat(records("""
                {
                  "id": 1,
                  "user": {"name": "a {b"},
                  "loc": point("1.5,2.5")
                }

                {"id": 2, "loc": point("3,4")} {"id": 3,
                 "loc": point("5,6")}
                """)).containsExactly(
                "{   \"id\": 1,   \"user\": {\"name\": \"a {b\"},   \"loc\": point(\"1.5,2.5\") }",
                "{\"id\": 2, \"loc\": point(\"3,4\")}", "{\"id\": 3,  \"loc\": point(\"5,6\")}");
    }

    @Test
    void aLineOutsideBracesStaysAloneAndALineBreakInAStringBecomesAnEscape() throws IOException {
        assertThat(records("oops\n\"open string\n{\"id\": 4, \"s\": \"x\ny\\\"}\"}\r\n"))
                .containsExactly("oops", "\"open string", "{\"id\": 4, \"s\": \"x\\ny\\\"}\"}");
    }

    @Test
    void aFileThatEndsInsideARecordIsRefusedWithItsLine() {
        assertThatThrownBy(() -> records("{\"id\": 1}\n\n{\"id\": 2,\n\"loc\": point(\"1,2\")\n"))
                .hasMessage("the record that starts on line 3 is never closed (its { and } do not balance)");
    }
}
