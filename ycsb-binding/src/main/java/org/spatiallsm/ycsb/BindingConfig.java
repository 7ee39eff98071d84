package org.spatiallsm.ycsb;

import java.net.URI;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;

import org.spatiallsm.load.DatasetName;
import org.spatiallsm.load.FeedMode;

/**
 * The binding's properties ({@code -p name=value} or a {@code -P} file), read once and checked. The {@code db.*}
 * names are those of the original AsterixDB YCSB driver of the merge-policy studies, so their workload files keep
 * working; {@code spatiallsm.*} are ours. See docs/ycsb.md.
 */
record BindingConfig(URI endpoint, DatasetName dataset, RecordKind kind, boolean feed, String feedHost,
        int feedPort, String feedName, FeedMode mode, int insertBatch, int updateBatch, boolean create, String with,
        boolean rangeReads, List<Double> sigmas, String distribution, Map<String, String> distributionParameters,
        long seed, boolean stopFeed) {

    /**
     * The kinds of records the binding stores: YCSB's usertable, or a generated record with a point (one of the
     * generator's record shapes), whose int64 id comes from the key.
     */
    enum RecordKind {
        /** YCSB's usertable: a string key and binary fields. */
        YCSB(null, null),
        /** Mao's spatial record {@code {id, payload, loc}}: YCSB's values become the payload on update. */
        SPATIAL("spatial", "payload"),
        /** Kim's tweet, located at {@code sender-location}: YCSB's values become the message text on update. */
        TWEET("tweet", "message-text");

        private final String shape;
        private final String updatedField;

        RecordKind(String shape, String updatedField) {
            this.shape = shape;
            this.updatedField = updatedField;
        }

        /** The generator's record shape (see RecordShapes), or null for the usertable. */
        String shape() {
            return shape;
        }

        /** The string field an update writes YCSB's field values into, for generated records. */
        String updatedField() {
            return updatedField;
        }

        /** Whether records carry a point, so that reads can be spatial range counts. */
        boolean spatial() {
            return shape != null;
        }

        String propertyValue() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static final String PARAMETER_PREFIX = "spatiallsm.param.";

    static BindingConfig from(Properties p) {
        String url = p.getProperty("db.url", "http://127.0.0.1:19002");
        URI endpoint = URI.create(url.replaceFirst("/query/service/?$", ""));
        RecordKind kind = choice(p, "spatiallsm.record", "ycsb", RecordKind.class);
        String table = p.getProperty("table", "usertable");
        FeedMode mode = bool(p, "db.upsertenabled", false) ? FeedMode.UPSERT : FeedMode.INSERT;
        Map<String, String> parameters = new LinkedHashMap<>();
        p.stringPropertyNames().stream().filter(n -> n.startsWith(PARAMETER_PREFIX)).sorted()
                .forEach(n -> parameters.put(n.substring(PARAMETER_PREFIX.length()), p.getProperty(n)));
        String read = p.getProperty("spatiallsm.read", kind.spatial() ? "range" : "key").trim();
        if (!read.equals("range") && !read.equals("key")) {
            throw new IllegalArgumentException("spatiallsm.read must be key or range, got '" + read + "'");
        }
        if (read.equals("range") && !kind.spatial()) {
            throw new IllegalArgumentException("spatiallsm.read=range needs records with a point: spatiallsm.record="
                    + Arrays.stream(RecordKind.values()).filter(RecordKind::spatial).map(RecordKind::propertyValue)
                            .collect(Collectors.joining(" or ")));
        }
        return new BindingConfig(endpoint, new DatasetName(p.getProperty("db.dataverse", "ycsb"), table), kind,
                bool(p, "db.feedenabled", true), p.getProperty("db.feedhost", "127.0.0.1"),
                integer(p, "db.feedport", 10001, 1, 65535), p.getProperty("db.feedname", table + "Feed"), mode,
                integer(p, "db.batchinserts", 1, 1, 1_000_000), integer(p, "db.batchupdates", 1, 1, 1_000_000),
                bool(p, "db.create", true), p.getProperty("db.with"), read.equals("range"),
                sigmas(p.getProperty("spatiallsm.sigma", "3,4,5")),
                p.getProperty("spatiallsm.distribution", "uniform"), parameters,
                longValue(p, "spatiallsm.seed", 1),
                bool(p, "spatiallsm.feed.stop", true));
    }

    private static boolean bool(Properties p, String name, boolean defaultValue) {
        String value = p.getProperty(name, Boolean.toString(defaultValue)).trim();
        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException(name + " must be true or false, got '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    private static int integer(Properties p, String name, int defaultValue, int min, int max) {
        String value = p.getProperty(name, Integer.toString(defaultValue)).trim();
        try {
            int parsed = Integer.parseInt(value);
            if (parsed < min || parsed > max) {
                throw new NumberFormatException();
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer in [" + min + ", " + max + "], got '"
                    + value + "'");
        }
    }

    private static long longValue(Properties p, String name, long defaultValue) {
        String value = p.getProperty(name, Long.toString(defaultValue)).trim();
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be an integer, got '" + value + "'");
        }
    }

    private static <E extends Enum<E>> E choice(Properties p, String name, String defaultValue, Class<E> type) {
        String value = p.getProperty(name, defaultValue).trim();
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(value)) {
                return constant;
            }
        }
        throw new IllegalArgumentException(name + " must be one of " + Arrays.toString(type.getEnumConstants())
                .toLowerCase(Locale.ROOT) + ", got '" + value + "'");
    }

    private static List<Double> sigmas(String text) {
        try {
            List<Double> values = Arrays.stream(text.split(",")).map(String::trim).map(Double::valueOf).toList();
            if (values.isEmpty() || values.stream().anyMatch(v -> !(v >= 0) || v.isInfinite())) {
                throw new NumberFormatException();
            }
            return values;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("spatiallsm.sigma must be a list of numbers >= 0 like 3,4,5, got '"
                    + text + "'");
        }
    }
}
