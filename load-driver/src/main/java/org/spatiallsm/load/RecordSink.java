package org.spatiallsm.load;

import java.io.Closeable;
import java.io.IOException;

/** Where a load writes records: a feed's socket, or INSERT statements. {@link #close} delivers what is buffered. */
public interface RecordSink extends Closeable {

    void write(String record) throws IOException;
}
