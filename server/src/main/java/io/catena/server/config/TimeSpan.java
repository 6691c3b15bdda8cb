package io.catena.server.config;

import io.catena.core.config.keys.SettingUnit;

/**
 * A non-negative length of time as written in a configuration file: a number and a unit with
 * nothing between them, such as {@code 500us}, {@code 10ms}, {@code 1.5s}, {@code 2m} or
 * {@code 1h}. It counts microseconds because the protocol does ({@code epochLengthMicros}).
 *
 * @param micros the length in microseconds, at least 0
 */
public record TimeSpan(long micros) implements Comparable<TimeSpan> {

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
        return new TimeSpan(SettingUnit.MICROS.parse(text));
    }

    @Override
    public int compareTo(TimeSpan other) {
        return Long.compare(micros, other.micros);
    }

    /** The shortest exact form, such as {@code 10ms} or {@code 1500us}; {@link #parse} reads it back. */
    @Override
    public String toString() {
        return SettingUnit.MICROS.format(micros);
    }
}
