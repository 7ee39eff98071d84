package org.spatiallsm.asterixdb.organisation;

import org.apache.hyracks.api.exceptions.HyracksDataException;

/**
 * A runtime refusal the user reads as one line: AsterixDB shows a {@link HyracksDataException}'s message, which for
 * a wrapped exception is its {@code toString()} ("java.lang.IllegalStateException: ..."); this one carries the text
 * itself.
 */
final class Refusal {

    private Refusal() {
    }

    @SuppressWarnings("deprecation") // the message-only constructor is the one without an error-code prefix
    static HyracksDataException of(String message) {
        // AsterixDB formats the message with java.util.Formatter: keep a '%' literal.
        return new HyracksDataException(message.replace("%", "%%"));
    }
}
