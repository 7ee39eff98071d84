package org.spatiallsm.asterixdb.feed;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import org.apache.asterix.external.api.IRecordReader;
import org.apache.asterix.external.api.IRecordReaderFactory;
import org.apache.asterix.external.input.stream.factory.SocketServerInputStreamFactory;
import org.apache.hyracks.algebricks.common.constraints.AlgebricksAbsolutePartitionConstraint;
import org.apache.hyracks.algebricks.common.exceptions.AlgebricksException;
import org.apache.hyracks.api.application.IServiceContext;
import org.apache.hyracks.api.context.IHyracksTaskContext;
import org.apache.hyracks.api.exceptions.HyracksDataException;
import org.apache.hyracks.api.exceptions.IWarningCollector;

/**
 * The {@value #ADAPTER_NAME} feed adapter: a socket feed that takes one record per line (see {@link SocketLines})
 * and survives any bytes a client sends. AsterixDB finds it by its name through
 * {@code META-INF/services/org.apache.asterix.external.api.IRecordReaderFactory}. The sockets are configured as for
 * AsterixDB's {@code socket_adapter} ({@code sockets}, {@code address-type}), whose configuration code is reused.
 */
public final class SocketLineRecordReaderFactory implements IRecordReaderFactory<char[]> {

    public static final String ADAPTER_NAME = "spatial_lsm_socket";
    static final String MAX_LINE_BYTES = "max-line-bytes";
    static final int DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
    private static final long serialVersionUID = 1L;

    private final SocketServerInputStreamFactory sockets = new SocketServerInputStreamFactory();
    private int maxLineBytes = DEFAULT_MAX_LINE_BYTES;

    @Override
    public void configure(IServiceContext serviceCtx, Map<String, String> configuration,
            IWarningCollector warningCollector) throws HyracksDataException, AlgebricksException {
        sockets.configure(serviceCtx, configuration, warningCollector);
        String limit = configuration.get(MAX_LINE_BYTES);
        if (limit != null) {
            maxLineBytes = parseLimit(limit);
        }
    }

    static int parseLimit(String limit) throws AlgebricksException {
        try {
            int bytes = Integer.parseInt(limit.trim());
            if (bytes >= 1) {
                return bytes;
            }
        } catch (NumberFormatException e) {
            // Reported below, with what is allowed.
        }
        throw new AlgebricksException(MAX_LINE_BYTES + " must be a whole number of bytes from 1 to "
                + Integer.MAX_VALUE + ", not '" + limit + "'");
    }

    @Override
    public AlgebricksAbsolutePartitionConstraint getPartitionConstraint() throws AlgebricksException {
        return sockets.getPartitionConstraint();
    }

    @Override
    public IRecordReader<? extends char[]> createRecordReader(IHyracksTaskContext ctx, int partition)
            throws HyracksDataException {
        int port = sockets.getSockets().get(partition).getRight();
        try {
            return SocketLineRecordReader.listen(port, maxLineBytes);
        } catch (IOException e) {
            throw HyracksDataException.create(e);
        }
    }

    @Override
    public Class<?> getRecordClass() {
        return char[].class;
    }

    @Override
    public List<String> getRecordReaderNames() {
        return List.of(ADAPTER_NAME);
    }
}
