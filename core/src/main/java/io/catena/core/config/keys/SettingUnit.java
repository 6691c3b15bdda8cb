package io.catena.core.config.keys;

import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a setting's number counts, and how an operator writes it: the protocol holds bare
 * microseconds and bytes, a file and a command line write {@code 10ms} and {@code 4MiB}. One place
 * reads and writes each form, so that the configuration file, the flags of both commands and the
 * error messages say a value the same way.
 */
public enum SettingUnit {
    /** A whole number of things (chain servers, regions, epochs). */
    COUNT("a whole number") {
        @Override
        public long parse(String text) {
            try {
                return Integer.parseInt(text);
            } catch (NumberFormatException notWhole) {
                throw new IllegalArgumentException("'" + text + "' is not a whole number");
            }
        }

        @Override
        public String format(long value) {
            return Long.toString(value);
        }
    },
    /** A positive number of epochs, or {@code auto} (held as {@link #AUTO}) to let the protocol derive it. */
    EPOCHS_OR_AUTO("a whole number or auto") {
        @Override
        public long parse(String text) {
            if (text.equals("auto")) {
                return AUTO;
            }
            long epochs;
            try {
                epochs = Integer.parseInt(text);
            } catch (NumberFormatException notNumber) {
                throw new IllegalArgumentException("'" + text + "' is neither a whole number nor auto");
            }
            if (epochs < 1) {
                throw new IllegalArgumentException("must be a positive number of epochs, or auto, not " + epochs);
            }
            return epochs;
        }

        @Override
        public String format(long epochs) {
            return epochs == AUTO ? "auto" : Long.toString(epochs);
        }
    },
    /** A length of time in microseconds, written with a unit: {@code 500us}, {@code 10ms}, {@code 1.5s}. */
    MICROS("a duration such as 10ms") {
        @Override
        public long parse(String text) {
            Matcher form = DURATION.matcher(text);
            if (!form.matches()) {
                String why = NUMBER.matcher(text).matches() ? "' has no unit" : "' is not a duration";
                throw new IllegalArgumentException("'" + text + why + "; use e.g. 10ms, 1s");
            }
            String suffix = form.group(2).equals("µs") ? "us" : form.group(2);
            return exact(text, form.group(1), of(TIME, suffix), "' is finer than a microsecond", "' is too long");
        }

        @Override
        public String format(long micros) {
            return micros == 0 ? "0ms" : largestExact(micros, TIME);
        }
    },
    /** A number of bytes, bare ({@code 65536}) or with a binary unit ({@code 16MiB}). */
    BYTES("a size such as 16MiB") {
        @Override
        public long parse(String text) {
            Matcher form = SIZE.matcher(text);
            if (!form.matches()) {
                throw new IllegalArgumentException("'" + text
                        + "' is not a size; use e.g. 16MiB, 512KiB or a number of bytes");
            }
            long unit = form.group(2) == null || form.group(2).equals("B") ? 1 : of(SIZES, form.group(2));
            return exact(text, form.group(1), unit, "' is not a whole number of bytes", "' is too large");
        }

        @Override
        public String format(long bytes) {
            return bytes == 0 ? "0" : largestExact(bytes, SIZES);
        }
    };

    /** The value of {@link #EPOCHS_OR_AUTO} that stands for {@code auto}. */
    public static final long AUTO = 0;

    private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|µs|ms|s|m|h)");
    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?) ?(B|KiB|MiB|GiB)?");
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");

    /** A unit's suffix and size, listed from the largest down so that formatting picks the largest exact one. */
    private record Suffix(String text, long size) {
    }

    private static final List<Suffix> TIME = List.of(new Suffix("h", 3_600_000_000L), new Suffix("m", 60_000_000L),
            new Suffix("s", 1_000_000L), new Suffix("ms", 1_000L), new Suffix("us", 1L));
    private static final List<Suffix> SIZES = List.of(new Suffix("GiB", 1L << 30), new Suffix("MiB", 1L << 20),
            new Suffix("KiB", 1L << 10), new Suffix("", 1L));

    private final String expected;

    SettingUnit(String expected) {
        this.expected = expected;
    }

    /**
     * Reads a value written in this unit's form.
     *
     * @throws IllegalArgumentException quoting the text and showing the right form, fit to follow a key path
     */
    public abstract long parse(String text);

    /** The shortest exact form, which {@link #parse} reads back. */
    public abstract String format(long value);

    /** What a value of this unit looks like, for "expected ..." messages. */
    public String expected() {
        return expected;
    }

    private static long of(List<Suffix> units, String suffix) {
        return units.stream().filter(u -> u.text.equals(suffix)).findFirst().orElseThrow().size;
    }

    private static long exact(String text, String number, long unit, String fractional, String tooLarge) {
        BigDecimal value = new BigDecimal(number).multiply(BigDecimal.valueOf(unit));
        if (value.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("'" + text + fractional);
        }
        try {
            return value.longValueExact();
        } catch (ArithmeticException overflow) {
            throw new IllegalArgumentException("'" + text + tooLarge, overflow);
        }
    }

    private static String largestExact(long value, List<Suffix> units) {
        for (Suffix unit : units) {
            if (value % unit.size == 0) {
                return value / unit.size + unit.text;
            }
        }
        throw new AssertionError("the smallest unit divides every value");
    }
}
