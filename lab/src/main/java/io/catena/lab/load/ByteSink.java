package io.catena.lab.load;

import java.util.Arrays;

/**
 * A growable byte buffer that one {@link HistoryEventCodec#encode encode} call writes one event
 * into, before {@link HistorySpool} copies it under its lock. {@link ChunkSource} reads back
 * what this writes.
 *
 * <p>Not thread-safe: one sink belongs to one append.
 */
final class ByteSink {

    /** Some JVMs cannot allocate an array of quite {@code Integer.MAX_VALUE} elements. */
    private static final int MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;

    private byte[] bytes = new byte[128];
    private int length;

    /** The buffer; its first {@link #length()} bytes are the ones written. */
    byte[] array() {
        return bytes;
    }

    int length() {
        return length;
    }

    void writeByte(int b) {
        ensureRoom(1);
        bytes[length++] = (byte) b;
    }

    /** Seven bits a byte, low bits first: small counts and lengths take one byte. */
    void writeUnsignedVarLong(long value) {
        ensureRoom(10);
        while ((value & ~0x7FL) != 0) {
            bytes[length++] = (byte) ((value & 0x7F) | 0x80);
            value >>>= 7;
        }
        bytes[length++] = (byte) value;
    }

    /** Zig-zag first, so that small negative numbers (a balance change) stay short too. */
    void writeVarLong(long value) {
        writeUnsignedVarLong((value << 1) ^ (value >> 63));
    }

    /**
     * The length in chars, then each char in one to three bytes as UTF-8 spells a char of the
     * basic plane, surrogates included (a pair takes six bytes, as in CESU-8). Unlike
     * {@code String.getBytes(UTF_8)} this keeps an unpaired surrogate as it is, so every Java
     * string comes back exactly; unlike {@code DataOutputStream.writeUTF} it has no 64 KiB limit.
     */
    void writeString(String s) {
        int chars = s.length();
        writeUnsignedVarLong(chars);
        ensureRoom(3L * chars);
        for (int i = 0; i < chars; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes[length++] = (byte) c;
            } else if (c < 0x800) {
                bytes[length++] = (byte) (0xC0 | c >> 6);
                bytes[length++] = (byte) (0x80 | c & 0x3F);
            } else {
                bytes[length++] = (byte) (0xE0 | c >> 12);
                bytes[length++] = (byte) (0x80 | c >> 6 & 0x3F);
                bytes[length++] = (byte) (0x80 | c & 0x3F);
            }
        }
    }

    private void ensureRoom(long more) {
        long needed = length + more;
        if (needed > bytes.length) {
            if (needed > MAX_ARRAY_BYTES) {
                throw new IllegalArgumentException("a history event of more than 2 GiB cannot be recorded");
            }
            bytes = Arrays.copyOf(bytes, (int) Math.min(Math.max(needed, 2L * bytes.length), MAX_ARRAY_BYTES));
        }
    }
}
