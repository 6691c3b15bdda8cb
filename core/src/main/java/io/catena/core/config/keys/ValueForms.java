package io.catena.core.config.keys;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.function.Function;

/**
 * Forms and rules that {@link ValueKey}s of several sections share, so that a whole number or a
 * duration is read, written and refused in the same words wherever it is set.
 */
public final class ValueForms {

    private ValueForms() {
    }

    /** Reads a whole number such as {@code 4}. */
    public static int wholeNumber(String text) {
        return Math.toIntExact(SettingUnit.COUNT.parse(text));
    }

    /** Reads a duration such as {@code 5s} in {@link SettingUnit#MICROS}' form. */
    public static Duration duration(String text) {
        return Duration.of(SettingUnit.MICROS.parse(text), ChronoUnit.MICROS);
    }

    /** A duration in the form {@link #duration} reads back, such as {@code 5s}. */
    public static Object written(Duration duration) {
        return SettingUnit.MICROS.format(duration.toNanos() / 1_000);
    }

    /** Refuses a duration of 0 or less. */
    public static Optional<String> positive(Duration duration) {
        return duration.isNegative() || duration.isZero()
                ? Optional.of("must be longer than 0, not " + written(duration)) : Optional.empty();
    }

    /** Refuses a whole number below {@code min}. */
    public static Function<Integer, Optional<String>> atLeast(int min) {
        return n -> n < min ? Optional.of("must be at least " + min + ", not " + n) : Optional.empty();
    }

    /** Refuses blank text. */
    public static Optional<String> nonBlank(String text) {
        return text.isBlank() ? Optional.of("must not be blank") : Optional.empty();
    }
}
