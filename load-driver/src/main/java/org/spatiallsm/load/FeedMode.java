package org.spatiallsm.load;

import java.util.Locale;

/**
 * How a feed or a batch writes records. AsterixDB 0.9.8 feeds UPSERT unless the feed says {@code "insert-feed":
 * "true"}: an upsert silently replaces a record with the same key, an insert rejects it.
 */
public enum FeedMode {
    INSERT, UPSERT;

    public String keyword() {
        return name();
    }

    public static FeedMode parse(String text) {
        try {
            return valueOf(text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("mode must be insert or upsert, got '" + text + "'");
        }
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
