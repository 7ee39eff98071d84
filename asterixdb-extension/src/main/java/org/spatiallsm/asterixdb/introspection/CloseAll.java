package org.spatiallsm.asterixdb.introspection;

import java.util.List;

/** Closes every item of a list even when some fail to close, so that one failure leaves nothing else open. */
final class CloseAll {

    interface Closer<T> {
        void close(T item) throws Exception;
    }

    private CloseAll() {
    }

    /** Closes each item in order; throws the first failure, with the later ones added to it as suppressed. */
    static <T> void closeAll(List<T> items, Closer<T> closer) throws Exception {
        Exception first = null;
        for (T item : items) {
            try {
                closer.close(item);
            } catch (Exception e) {
                if (first == null) {
                    first = e;
                } else {
                    first.addSuppressed(e);
                }
            }
        }
        if (first != null) {
            throw first;
        }
    }
}
