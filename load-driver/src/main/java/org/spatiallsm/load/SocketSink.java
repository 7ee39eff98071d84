package org.spatiallsm.load;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Newline-separated records over one TCP connection, the socket feed's protocol. A socket feed serves one connection
 * at a time, so every writer of a feed must share one sink.
 */
public final class SocketSink implements RecordSink {

    private static final int BUFFER_CHARS = 1 << 16;
    private final Socket socket;
    private final Writer out;

    private SocketSink(Socket socket) throws IOException {
        this.socket = socket;
        this.out = new BufferedWriter(new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8),
                BUFFER_CHARS);
    }

    /**
     * Connects, retrying while nothing listens yet: a feed opens its port asynchronously after START FEED returns.
     *
     * @throws LoadException when nothing accepts the connection within {@code patience}
     */
    public static SocketSink connect(String host, int port, Duration patience) {
        long deadline = System.nanoTime() + patience.toNanos();
        while (true) {
            Socket socket = new Socket();
            try {
                socket.connect(new InetSocketAddress(host, port), 5000);
                socket.setSendBufferSize(1 << 20);
                return new SocketSink(socket);
            } catch (ConnectException e) {
                closeQuietly(socket);
                if (System.nanoTime() > deadline) {
                    throw new LoadException("nothing accepts connections at " + host + ":" + port + " (is the feed "
                            + "started, and is this an NC's address?)", e);
                }
                sleep(Duration.ofMillis(100));
            } catch (IOException e) {
                closeQuietly(socket);
                throw new LoadException("cannot connect to " + host + ":" + port + ": " + e.getMessage(), e);
            }
        }
    }

    @Override
    public void write(String record) throws IOException {
        out.write(record);
        out.write('\n');
    }

    /** Pushes buffered records onto the wire without closing, so that they become visible. */
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        try {
            out.flush();
        } finally {
            socket.close();
        }
    }

    /**
     * Closes the connection without sending what is buffered; safe from another thread, where it makes a write
     * blocked on a peer that no longer reads fail.
     */
    public void abort() {
        closeQuietly(socket);
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Nothing was sent on it.
        }
    }

    public static void sleep(Duration duration) {
        try {
            Thread.sleep(duration.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LoadException("interrupted", e);
        }
    }
}
