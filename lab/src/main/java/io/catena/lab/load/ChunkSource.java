package io.catena.lab.load;

import java.util.List;

/**
 * Reads, in order, the bytes that {@link ByteSink}s wrote and {@link HistorySpool} copied into
 * its chunks one after another. An event may begin in one chunk and end in a later one, so every
 * byte is read through {@link #readByte}, which steps to the next chunk at the end of one.
 *
 * <p>Not thread-safe: one source belongs to one decoding pass. The caller must have taken the
 * chunks under the spool's lock, so that the bytes written before are visible.
 */
final class ChunkSource {

    private final List<byte[]> chunks;
    private int chunkIndex;
    private byte[] chunk;
    private int position;

    ChunkSource(List<byte[]> chunks) {
        this.chunks = chunks;
        this.chunk = chunks.isEmpty() ? new byte[0] : chunks.get(0);
    }

    int readByte() {
        if (position == chunk.length) {
            chunk = chunks.get(++chunkIndex);
            position = 0;
        }
        return chunk[position++] & 0xFF;
    }

    long readUnsignedVarLong() {
        long value = 0;
        for (int shift = 0; ; shift += 7) {
            int b = readByte();
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
    }

    long readVarLong() {
        long zigZag = readUnsignedVarLong();
        return (zigZag >>> 1) ^ -(zigZag & 1);
    }

    /** A count or length, which {@link ByteSink} wrote from an int. */
    int readCount() {
        return Math.toIntExact(readUnsignedVarLong());
    }

    String readString() {
        char[] chars = new char[readCount()];
        for (int i = 0; i < chars.length; i++) {
            int b = readByte();
            if (b < 0x80) {
                chars[i] = (char) b;
            } else if ((b & 0xE0) == 0xC0) {
                chars[i] = (char) ((b & 0x1F) << 6 | readByte() & 0x3F);
            } else {
                chars[i] = (char) ((b & 0x0F) << 12 | (readByte() & 0x3F) << 6 | readByte() & 0x3F);
            }
        }
        return new String(chars);
    }
}
