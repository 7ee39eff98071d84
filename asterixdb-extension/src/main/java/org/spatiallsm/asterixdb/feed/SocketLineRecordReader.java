package org.spatiallsm.asterixdb.feed;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;

import org.apache.asterix.external.api.IRawRecord;
import org.apache.asterix.external.api.IRecordReader;
import org.apache.asterix.external.dataflow.AbstractFeedDataFlowController;
import org.apache.asterix.external.util.FeedLogManager;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;

/**
 * A socket feed's intake on one NC: accepts one client at a time and hands every line to the parser as a record.
 * A connection's end is always a record boundary, and a connection that fails is closed and the next one accepted,
 * so nothing a client sends can stop the feed; lines the parser rejects are counted and logged by AsterixDB (see
 * {@link SocketLineRecord}).
 */
final class SocketLineRecordReader implements IRecordReader<char[]> {

    private static final Logger LOGGER = LogManager.getLogger();

    private final ServerSocket server;
    private final int maxLineBytes;
    private volatile boolean stopped;
    private Socket connection;
    private SocketLines lines;
    private long connections;
    private String peer;
    /** Records were handed out since the last null, which makes AsterixDB flush them to the dataset. */
    private boolean unflushed;

    private SocketLineRecordReader(ServerSocket server, int maxLineBytes) {
        this.server = server;
        this.maxLineBytes = maxLineBytes;
    }

    static SocketLineRecordReader listen(int port, int maxLineBytes) throws IOException {
        ServerSocket server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(port));
        return new SocketLineRecordReader(server, maxLineBytes);
    }

    @Override
    public boolean hasNext() {
        return !stopped;
    }

    /** The next line as a record, or null when the records handed out so far should be flushed first. */
    @Override
    public IRawRecord<char[]> next() {
        while (!stopped) {
            try {
                if (lines == null) {
                    if (unflushed) {
                        unflushed = false;
                        return null;
                    }
                    accept();
                } else if (unflushed && !lines.hasReadyBytes()) {
                    unflushed = false;
                    return null;
                } else {
                    SocketLines.Line line = lines.next();
                    if (line == null) {
                        closeConnection("closed by the client");
                    } else {
                        unflushed = true;
                        return new SocketLineRecord(
                                "connection " + connections + " from " + peer + ", line " + line.number(), line);
                    }
                }
            } catch (IOException e) {
                if (!stopped) {
                    closeConnection("failed: " + e.getMessage());
                }
            }
        }
        return null;
    }

    private void accept() throws IOException {
        connection = server.accept();
        connections++;
        peer = connection.getRemoteSocketAddress().toString();
        lines = new SocketLines(connection.getInputStream(), maxLineBytes);
        LOGGER.info("socket feed on port {}: connection {} from {}", server.getLocalPort(), connections, peer);
    }

    private void closeConnection(String why) {
        LOGGER.info("socket feed on port {}: connection {} from {} {}", server.getLocalPort(), connections, peer,
                why);
        closeQuietly(connection);
        connection = null;
        lines = null;
    }

    @Override
    public boolean stop() {
        stopped = true;
        closeQuietly(connection);
        closeQuietly(server);
        return true;
    }

    @Override
    public void close() {
        stop();
    }

    private static void closeQuietly(AutoCloseable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            // Closing is how a blocked accept or read is woken up; a failure to close leaves nothing to undo.
        }
    }

    @Override
    public void setController(AbstractFeedDataFlowController controller) {
        // Flushing is requested by returning null from next(); the controller is not needed for that.
    }

    @Override
    public void setFeedLogManager(FeedLogManager feedLogManager) {
        // AsterixDB logs rejected records itself, through each record's text form.
    }

    @Override
    public boolean handleException(Throwable th) {
        return false;
    }
}
