package org.spatiallsm.load;

import java.io.IOException;

/**
 * Records {@code firstKey} .. {@code firstKey + count - 1} whose text is a function of their int64 primary key alone,
 * so that the loader can count them by key range and send any of them again after a failure.
 */
public interface KeyedRecords extends RecordSource {

    /** The primary-key field of the records (an int64). */
    String keyField();

    long firstKey();

    long count();

    /** The ADM text of record {@code key} (no trailing newline). */
    String record(long key);

    /** All the keys of this source. */
    default KeyRanges keys() {
        return KeyRanges.of(firstKey(), firstKey() + count());
    }

    @Override
    default long size() {
        return count();
    }

    @Override
    default void forEach(RecordConsumer consumer) throws IOException {
        keys().forEachKey(key -> consumer.accept(record(key)));
    }
}
