package org.spatiallsm.load;

import java.io.IOException;

/** The records of a load, as ADM text, one record per call. */
public interface RecordSource {

    /** Receives one record's text (no trailing newline). */
    @FunctionalInterface
    interface RecordConsumer {
        void accept(String record) throws IOException;
    }

    /** How many records {@link #forEach} will deliver. */
    long size();

    void forEach(RecordConsumer consumer) throws IOException;

    /** For messages: "generated spatial records" or the file name. */
    String description();
}
