package io.catena.server.config;

import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A non-negative length of time as written in a configuration file: a number and a unit with
 * nothing between them, such as {@code 500us}, {@code 10ms}, {@code 1.5s}, {@code 2m} or
 * {@code 1h}. It counts microseconds because the protocol does ({@code epochLengthMicros}).
 *
 * @param micros the length in microseconds, at least 0
 */
public record TimeSpan(long micros) implements Comparable<TimeSpan> {

    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)(us|µs|ms|s|m|h)");
    private static final Pattern NUMBER = Pattern.compile("\\d+(?:\\.\\d+)?");

    /** Units from the largest down, so that {@link #toString()} picks the largest exact one. */
    private static final List<Unit> UNITS = List.of(new Unit("h", 3_600_000_000L), new Unit("m", 60_000_000L),
            new Unit("s", 1_000_000L), new Unit("ms", 1_000L), new Unit("us", 1L));

    private record Unit(String suffix, long micros) {
    }

    public TimeSpan {
        if (micros < 0) {
            throw new IllegalArgumentException("a time span cannot be negative, not " + micros + "us");
        }
    }

    /** A span of the given number of microseconds. */
    public static TimeSpan ofMicros(long micros) {
        return new TimeSpan(micros);
    }

    /** A span of the given number of milliseconds. */
    public static TimeSpan ofMillis(long millis) {
        return new TimeSpan(Math.multiplyExact(millis, 1_000L));
    }

    /** A span of the given number of seconds. */
    public static TimeSpan ofSeconds(long seconds) {
        return new TimeSpan(Math.multiplyExact(seconds, 1_000_000L));
    }

    /**
     * Reads a span such as {@code 10ms}.
     *
     * @throws IllegalArgumentException with a message that quotes the text and shows the right
     *                                  form, fit to follow a key path
     */
    public static TimeSpan parse(String text) {
        Matcher form = FORM.matcher(text);
        if (!form.matches()) {
            String why = NUMBER.matcher(text).matches() ? "' has no unit" : "' is not a duration";
            throw new IllegalArgumentException("'" + text + why + "; use e.g. 10ms, 1s");
        }
        BigDecimal micros = new BigDecimal(form.group(1)).multiply(BigDecimal.valueOf(unitMicros(form.group(2))));
        if (micros.stripTrailingZeros().scale() > 0) {
            throw new IllegalArgumentException("'" + text + "' is finer than a microsecond");
        }
        try {
            return new TimeSpan(micros.longValueExact());
        } catch (ArithmeticException tooLong) {
            throw new IllegalArgumentException("'" + text + "' is too long", tooLong);
        }
    }

    private static long unitMicros(String suffix) {
        String canonical = suffix.equals("µs") ? "us" : suffix;
        return UNITS.stream().filter(u -> u.suffix.equals(canonical)).findFirst().orElseThrow().micros;
    }

    @Override
    public int compareTo(TimeSpan other) {
        return Long.compare(micros, other.micros);
    }

    /** The shortest exact form, such as {@code 10ms} or {@code 1500us}; {@link #parse} reads it back. */
    @Override
    public String toString() {
        if (micros == 0) {
            return "0ms";
        }
        for (Unit unit : UNITS) {
            if (micros % unit.micros == 0) {
                return micros / unit.micros + unit.suffix;
            }
        }
        throw new AssertionError("the microsecond unit divides every span");
    }
}
