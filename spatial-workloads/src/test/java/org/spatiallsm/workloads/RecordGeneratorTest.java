package org.spatiallsm.workloads;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class RecordGeneratorTest {

    private static RecordGenerator generator(String shape, long seed) {
        return new RecordGenerator(PointDistributions.create("uniform", Map.of(), seed), RecordShapes.named(shape),
                seed);
    }

    @Test
    void aRecordDependsOnlyOnSeedAndIdNotOnWhatWasGeneratedBefore() {
        RecordGenerator a = generator("tweet", 42);
        RecordGenerator b = generator("tweet", 42);
        Value.Obj direct = a.record(1000);
        for (long id = 0; id < 1000; id++) {
            b.record(id);
        }
        assertThat(b.record(1000)).isEqualTo(direct);
        assertThat(generator("tweet", 43).record(1000)).isNotEqualTo(direct);
    }

    @Test
    void pointAloneEqualsTheRecordsPoint() {
        for (String shape : RecordShapes.names()) {
            RecordGenerator g = generator(shape, 9);
            String pointField = g.shape().pointField();
            for (long id = 0; id < 100; id++) {
                Value spatial = g.record(id).get(pointField);
                if (spatial instanceof Value.Rectangle square) {
                    // house and lake: a square centred on the point (none of these is clipped)
                    GeoRect area = square.value();
                    assertThat((area.minLon() + area.maxLon()) / 2).isCloseTo(g.point(id).lon(), within(1e-9));
                    assertThat((area.minLat() + area.maxLat()) / 2).isCloseTo(g.point(id).lat(), within(1e-9));
                    assertThat(area.width()).isCloseTo(area.height(), within(1e-9));
                } else {
                    assertThat(spatial).isEqualTo(new Value.Point(g.point(id)));
                }
            }
        }
    }

    @Test
    void spatialRecordIsAboutOneKilobyteWithAThousandCharacterPayload() {
        Value.Obj record = generator("spatial", 1).record(77);
        assertThat(record.fields().keySet()).containsExactly("id", "payload", "loc");
        assertThat(record.get("id")).isEqualTo(new Value.Int64(77));
        assertThat(((Value.Text) record.get("payload")).value()).hasSize(1000).matches("[A-Za-z0-9]+");
        assertThat(RecordFormat.ADM.format(record).length()).isBetween(1000, 1100);
    }

    @Test
    void tweetIsPaddedToOneKilobyteOfAdm() {
        RecordGenerator g = generator("tweet", 1);
        for (long id = 0; id < 200; id++) {
            Value.Obj tweet = g.record(id);
            assertThat(RecordFormat.ADM.format(tweet)).hasSize(TweetRecordShape.TARGET_ADM_LENGTH);
            assertThat(tweet.fields().keySet()).startsWith("tweetid", "user", "sender-location", "send-time",
                    "referred-topics", "message-text", "btree-extra-field1").endsWith("dummy-size-adjuster");
            assertThat(((Value.Int32) tweet.get("btree-extra-field1")).value()).isNotEqualTo(Integer.MIN_VALUE);
        }
    }

    @Test
    void admAndJsonRenderEveryKindOfValue() {
        Value.Obj record = Value.Obj.builder().put("id", new Value.Int64(5)).put("n", new Value.Int32(-3))
                .put("s", new Value.Text("say \"hi\"\\\n")).put("loc", new Value.Point(new GeoPoint(-0.00001, 45)))
                .put("t", new Value.DateTime(0)).put("tags", new Value.TextBag(List.of("a", "b")))
                .put("r", new Value.Rectangle(new GeoRect(1, 2, 3.5, 4))).put("x", new Value.Real(1e-7))
                .put("nested", Value.Obj.builder().put("k", new Value.Int64(1)).build()).build();

        assertThat(RecordFormat.ADM.format(record)).isEqualTo("{\"id\": 5, \"n\": -3, \"s\": \"say "
                + "\\\"hi\\\"\\\\\\n\", "
                + "\"loc\": point(\"-0.00001,45.0\"), \"t\": datetime(\"1970-01-01T00:00:00.000Z\"), "
                + "\"tags\": {{\"a\", \"b\"}}, \"r\": rectangle(\"1.0,2.0 3.5,4.0\"), \"x\": 0.0000001, "
                + "\"nested\": {\"k\": 1}}");
        assertThat(RecordFormat.JSON.format(record)).isEqualTo("{\"id\": 5, \"n\": -3, \"s\": \"say "
                + "\\\"hi\\\"\\\\\\n\", "
                + "\"loc\": [-0.00001, 45.0], \"t\": \"1970-01-01T00:00:00.000Z\", \"tags\": [\"a\", \"b\"], "
                + "\"r\": [[1.0, 2.0], [3.5, 4.0]], \"x\": 0.0000001, \"nested\": {\"k\": 1}}");
    }

    @Test
    void typeDefinitionNamesEveryFieldOfTheShape() {
        assertThat(RecordShapes.named("spatial").typeDefinition())
                .isEqualTo("{ `id`: int64, `payload`: string, `loc`: point }");
        assertThat(RecordShapes.named("tweet").typeDefinition()).contains("`sender-location`: point",
                "`referred-topics`: {{ string }}", "`btree-extra-field8`: int32");
    }

    @Test
    void unknownShapeIsAOneLineError() {
        assertThatThrownBy(() -> RecordShapes.named("tweets"))
                .hasMessage("unknown record shape 'tweets' (known: point, spatial, tweet, house, lake)");
    }
}
