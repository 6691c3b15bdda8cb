package io.catena.server.config;

import io.catena.core.config.keys.SettingUnit;

/**
 * A number of bytes as written in a configuration file: a plain number of bytes ({@code 65536})
 * or a number with a binary unit ({@code 512KiB}, {@code 16MiB}, {@code 1GiB}). Decimal units
 * such as {@code MB} are refused rather than guessed at.
 *
 * @param bytes the size in bytes, at least 0
 */
public record ByteSize(long bytes) implements Comparable<ByteSize> {

    public ByteSize {
        if (bytes < 0) {
            throw new IllegalArgumentException("a size cannot be negative, not " + bytes);
        }
    }

    /** A size of the given number of bytes. */
    public static ByteSize ofBytes(long bytes) {
        return new ByteSize(bytes);
    }

    /** A size of the given number of KiB (1,024 bytes). */
    public static ByteSize ofKibibytes(long kibibytes) {
        return new ByteSize(Math.multiplyExact(kibibytes, 1L << 10));
    }

    /** A size of the given number of MiB (1,048,576 bytes). */
    public static ByteSize ofMebibytes(long mebibytes) {
        return new ByteSize(Math.multiplyExact(mebibytes, 1L << 20));
    }

    /**
     * Reads a size such as {@code 16MiB} or {@code 65536}.
     *
     * @throws IllegalArgumentException with a message that quotes the text and shows the right
     *                                  form, fit to follow a key path
     */
    public static ByteSize parse(String text) {
        return new ByteSize(SettingUnit.BYTES.parse(text));
    }

    @Override
    public int compareTo(ByteSize other) {
        return Long.compare(bytes, other.bytes);
    }

    /** The shortest exact form, such as {@code 16MiB} or {@code 1000}; {@link #parse} reads it back. */
    @Override
    public String toString() {
        return SettingUnit.BYTES.format(bytes);
    }
}
