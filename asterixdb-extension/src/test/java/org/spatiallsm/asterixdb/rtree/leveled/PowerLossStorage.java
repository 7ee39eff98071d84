package org.spatiallsm.asterixdb.rtree.leveled;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A model of a power loss for the files the manifest writer opens through it (as RocksDB's FaultInjectionTestFS
 * models one): a file keeps only the bytes it held at its last {@code force}, and a name created since its
 * directory was last forced disappears. A kill keeps the page cache, so only this model can tell whether a
 * {@code force} is missing.
 */
final class PowerLossStorage implements LeveledManifest.Storage {

    /** An action on a forced channel. */
    private interface OnForce {
        void run() throws IOException;
    }

    private final Set<Path> tracked = new HashSet<>();
    private final Map<Path, byte[]> durableContent = new HashMap<>();
    private final Set<Path> durableNames = new HashSet<>();
    private boolean failNextFileForce;

    /**
     * A file written and forced outside the model (a merge output): its bytes are durable, its name only once its
     * directory is forced.
     */
    void created(Path file) throws IOException {
        tracked.add(file);
        durableContent.put(file, Files.readAllBytes(file));
    }

    /** The next {@code force} of a file loses the power instead, and fails as the dying write would. */
    void failNextFileForce() {
        failNextFileForce = true;
    }

    @Override
    public FileChannel open(Path path, OpenOption... options) throws IOException {
        if (Files.isDirectory(path)) {
            return new Channel(FileChannel.open(path, options), () -> tracked.stream()
                    .filter(file -> path.equals(file.getParent()) && Files.exists(file)).forEach(durableNames::add));
        }
        if (tracked.add(path)) {
            if (Files.exists(path)) {
                durableNames.add(path);
                durableContent.put(path, Files.readAllBytes(path));
            } else {
                durableContent.put(path, new byte[0]);
            }
        }
        return new Channel(FileChannel.open(path, options), () -> {
            if (failNextFileForce) {
                failNextFileForce = false;
                powerLoss();
                throw new IOException("power lost while forcing " + path);
            }
            durableContent.put(path, Files.readAllBytes(path));
        });
    }

    /** The power fails: every file goes back to what was forced, and names never made durable vanish. */
    void powerLoss() throws IOException {
        for (Path file : tracked) {
            if (durableNames.contains(file)) {
                Files.write(file, durableContent.get(file));
            } else {
                Files.deleteIfExists(file);
            }
        }
    }

    /** A file channel that tells the model when it is forced. */
    private static final class Channel extends FileChannel {
        private final FileChannel file;
        private final OnForce onForce;

        Channel(FileChannel file, OnForce onForce) {
            this.file = file;
            this.onForce = onForce;
        }

        @Override
        public void force(boolean metaData) throws IOException {
            file.force(metaData);
            onForce.run();
        }

        @Override
        public int read(ByteBuffer dst) throws IOException {
            return file.read(dst);
        }

        @Override
        public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
            return file.read(dsts, offset, length);
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            return file.write(src);
        }

        @Override
        public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
            return file.write(srcs, offset, length);
        }

        @Override
        public long position() throws IOException {
            return file.position();
        }

        @Override
        public FileChannel position(long newPosition) throws IOException {
            file.position(newPosition);
            return this;
        }

        @Override
        public long size() throws IOException {
            return file.size();
        }

        @Override
        public FileChannel truncate(long size) throws IOException {
            file.truncate(size);
            return this;
        }

        @Override
        public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
            return file.transferTo(position, count, target);
        }

        @Override
        public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
            return file.transferFrom(src, position, count);
        }

        @Override
        public int read(ByteBuffer dst, long position) throws IOException {
            return file.read(dst, position);
        }

        @Override
        public int write(ByteBuffer src, long position) throws IOException {
            return file.write(src, position);
        }

        @Override
        public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
            throw new UnsupportedOperationException("the model does not track mapped writes");
        }

        @Override
        public FileLock lock(long position, long size, boolean shared) throws IOException {
            return file.lock(position, size, shared);
        }

        @Override
        public FileLock tryLock(long position, long size, boolean shared) throws IOException {
            return file.tryLock(position, size, shared);
        }

        @Override
        protected void implCloseChannel() throws IOException {
            file.close();
        }
    }
}
