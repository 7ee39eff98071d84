package org.spatiallsm.workloads;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The synthetic tweet of Kim's spatial-index study: a user, a sender location, a send time, topics, a message,
 * eight random int32 fields for non-index-only predicates, and a padding string that brings the ADM text to about
 * 1 KB. Kim's non-point data (House and Lake) is the same tweet with a square {@code area} centred on the point in
 * place of the sender location.
 */
final class TweetRecordShape implements RecordShape {

    /** The tweet with a point, Kim's data of Ch. 4. */
    static final TweetRecordShape POINTS = new TweetRecordShape(null);

    static final int TARGET_ADM_LENGTH = 1024;
    private static final long FIRST_SEND_TIME = Instant.parse("2012-01-01T00:00:00Z").toEpochMilli();
    private static final long SEND_TIME_SPAN = 366L * 24 * 3600 * 1000;
    private static final String[] LANGUAGES = { "en", "es", "pt", "fr", "de", "ja", "ko", "ar", "tr", "id" };
    private static final String[] TOPICS = { "asterixdb", "lsm", "rtree", "spatial", "maps", "traffic", "weather",
        "music", "sports", "food", "travel", "news" };
    private static final String[] WORDS = { "the", "a", "city", "street", "park", "coffee", "rain", "sun", "bus",
        "train", "late", "again", "great", "view", "from", "here", "today", "tonight", "friends", "game", "new",
        "shop", "open", "closed", "love", "hate", "this", "place", "near", "river", "bridge", "market", "lunch",
        "dinner", "walk", "run", "ride", "busy", "quiet", "morning", "evening", "weekend", "concert", "festival" };
    private static final int EXTRA_FIELDS = 8;
    private static final String AREA_FIELD = "area";

    /** The squares in place of the point, or null for the tweet with a point. */
    private final KimSquares squares;

    TweetRecordShape(KimSquares squares) {
        this.squares = squares;
    }

    @Override
    public String name() {
        return squares == null ? "tweet" : squares.shapeName();
    }

    @Override
    public String description() {
        return squares == null
                ? "Kim's synthetic tweet: tweetid, user, sender-location, send-time, referred-topics, message-text, "
                        + "btree-extra-field1..8, dummy-size-adjuster; about 1 KB"
                : "Kim's tweet with a square area: rectangle (" + squares.description() + ") centred on the point "
                        + "instead of sender-location; about 1 KB";
    }

    @Override
    public String idField() {
        return "tweetid";
    }

    @Override
    public String pointField() {
        return squares == null ? "sender-location" : AREA_FIELD;
    }

    @Override
    public List<Field> fields() {
        List<Field> fields = new ArrayList<>(List.of(new Field("tweetid", "int64", true),
                new Field("user", "{ `screen-name`: string, lang: string, friends_count: int32, "
                        + "statuses_count: int32, name: string, followers_count: int32 }", false),
                squares == null ? new Field("sender-location", "point", true)
                        : new Field(AREA_FIELD, "rectangle", true),
                new Field("send-time", "datetime", true),
                new Field("referred-topics", "{{ string }}", false), new Field("message-text", "string", true)));
        for (int i = 1; i <= EXTRA_FIELDS; i++) {
            fields.add(new Field("btree-extra-field" + i, "int32", true));
        }
        fields.add(new Field("dummy-size-adjuster", "string", true));
        return fields;
    }

    @Override
    public Value.Obj build(long id, GeoPoint point, SplittableRandom random) {
        // The square comes first from the record's stream, right after its centre.
        Value spatial = squares == null ? new Value.Point(point) : new Value.Rectangle(squares.around(point, random));
        Value.Obj user = Value.Obj.builder()
                .put("screen-name", new Value.Text(word(random) + RecordShape.randomText(random, 6)))
                .put("lang", new Value.Text(LANGUAGES[random.nextInt(LANGUAGES.length)]))
                .put("friends_count", new Value.Int32(random.nextInt(5000)))
                .put("statuses_count", new Value.Int32(random.nextInt(100_000)))
                .put("name", new Value.Text(capitalized(word(random)) + " " + capitalized(word(random))))
                .put("followers_count", new Value.Int32(random.nextInt(20_000))).build();
        List<String> topics = new ArrayList<>();
        for (int i = random.nextInt(1, 4); i > 0; i--) {
            topics.add(TOPICS[random.nextInt(TOPICS.length)]);
        }
        StringBuilder message = new StringBuilder();
        for (int i = random.nextInt(8, 24); i > 0; i--) {
            message.append(message.length() == 0 ? "" : " ").append(word(random));
        }
        Value.Obj.Builder tweet = Value.Obj.builder().put("tweetid", new Value.Int64(id)).put("user", user)
                .put(pointField(), spatial)
                .put("send-time", new Value.DateTime(FIRST_SEND_TIME + random.nextLong(SEND_TIME_SPAN)))
                .put("referred-topics", new Value.TextBag(topics))
                .put("message-text", new Value.Text(message.toString()));
        for (int i = 1; i <= EXTRA_FIELDS; i++) {
            // Kim's non-index-only predicate is "<= Integer.MAX_VALUE", so MIN_VALUE is left out as in the study.
            tweet.put("btree-extra-field" + i,
                    new Value.Int32((int) random.nextLong(Integer.MIN_VALUE + 1L, Integer.MAX_VALUE + 1L)));
        }
        int withoutPadding = RecordFormat.ADM.format(tweet.put("dummy-size-adjuster", new Value.Text(""))
                .build()).length();
        return tweet.put("dummy-size-adjuster",
                new Value.Text(RecordShape.randomText(random, Math.max(0, TARGET_ADM_LENGTH - withoutPadding))))
                .build();
    }

    private static String word(SplittableRandom random) {
        return WORDS[random.nextInt(WORDS.length)];
    }

    private static String capitalized(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
