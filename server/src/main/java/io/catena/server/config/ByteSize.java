package io.catena.server.config;

import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A number of bytes as written in a configuration file: a plain number of bytes ({@code 65536})
 * or a number with a binary unit ({@code 512KiB}, {@code 16MiB}, {@code 1GiB}). Decimal units
 * such as {@code MB} are refused rather than guessed at.
 *
 * @param bytes the size in bytes, at least 0
 */
public record ByteSize(long bytes) implements Comparable<ByteSize> {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?) ?(B|KiB|MiB|GiB)?");

    /** Units from the largest down, so that {@link #toString()} picks the largest exact one. */
    private static final List<Unit> UNITS = List.of(new Unit("GiB", 1L << 30), new Unit("MiB", 1L << 20),
            new Unit("KiB", 1L << 10));

    private record Unit(String suffix, long bytes) {
    }

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
        Matcher form = FORM.matcher(text);
        if (!form.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size; use e.g. 16MiB, 512KiB or a number of bytes");
        }
        BigDecimal bytes = new BigDecimal(form.group(1)).multiply(BigDecimal.valueOf(unitBytes(form.group(2))));
        if (bytes.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of bytes");
        }
        try {
            return new ByteSize(bytes.longValueExact());
        } catch (ArithmeticException tooLarge) {
            throw new IllegalArgumentException("'" + text + "' is too large", tooLarge);
        }
    }

    private static long unitBytes(String suffix) {
        if (suffix == null || suffix.equals("B")) {
            return 1;
        }
        return UNITS.stream().filter(u -> u.suffix.equals(suffix)).findFirst().orElseThrow().bytes;
    }

    @Override
    public int compareTo(ByteSize other) {
        return Long.compare(bytes, other.bytes);
    }

    /** The shortest exact form, such as {@code 16MiB} or {@code 1000}; {@link #parse} reads it back. */
    @Override
    public String toString() {
        for (Unit unit : UNITS) {
            if (bytes != 0 && bytes % unit.bytes == 0) {
                return bytes / unit.bytes + unit.suffix;
            }
        }
        return Long.toString(bytes);
    }
}
