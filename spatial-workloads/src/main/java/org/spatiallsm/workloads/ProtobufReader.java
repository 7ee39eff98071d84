package org.spatiallsm.workloads;

/** Just enough of the protobuf wire format to walk {@code cities.pbf}: varints and skipping unknown fields. */
final class ProtobufReader {

    private final byte[] data;
    private int position;

    ProtobufReader(byte[] data) {
        this.data = data;
    }

    boolean hasMore() {
        return position < data.length;
    }

    int position() {
        return position;
    }

    long varint() {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (position >= data.length) {
                throw new IllegalStateException("corrupt protobuf data: truncated varint at byte " + position);
            }
            byte b = data[position++];
            value |= (long) (b & 0x7F) << shift;
            if (b >= 0) {
                return value;
            }
        }
        throw new IllegalStateException("corrupt protobuf data: varint longer than 10 bytes at byte " + position);
    }

    void skip(int wireType) {
        switch (wireType) {
            case 0 -> varint();
            case 1 -> position += 8;
            case 2 -> {
                int length = (int) varint();
                position += length;
            }
            case 5 -> position += 4;
            default -> throw new IllegalStateException("unsupported protobuf wire type " + wireType + " at byte "
                    + position);
        }
    }

    static long zigzag(long encoded) {
        return (encoded >>> 1) ^ -(encoded & 1);
    }
}
