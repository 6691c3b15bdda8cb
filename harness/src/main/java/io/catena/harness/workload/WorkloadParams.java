package io.catena.harness.workload;

import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The {@code key=value} parameters of one workload named on the command line, each read with the
 * values it accepts. A value outside them ends in one sentence that names the workload, the
 * parameter and what it accepts: {@code workload kv: records must be a whole number from 1 to
 * 2147483647, not -5}. An absent parameter takes its default, which the caller keeps in range.
 */
final class WorkloadParams {

    private final String workload;
    private final Map<String, String> values;

    /**
     * @param workload the workload's name, for the messages
     * @param values   its parameters as given
     */
    WorkloadParams(String workload, Map<String, String> values) {
        this.workload = workload;
        this.values = values;
    }

    /** Parameter {@code key} as given, or {@code def}. */
    String text(String key, String def) {
        return values.getOrDefault(key, def);
    }

    /** A whole number from {@code min} to {@code max}. */
    int whole(String key, int def, int min, int max) {
        return whole(key, def, min, max, "");
    }

    /**
     * A whole number from {@code min} to {@code max}, where {@code why} says what set a bound, as
     * a clause the message appends: {@code " when split is above 0"}.
     */
    int whole(String key, int def, int min, int max, String why) {
        return read(key, def, Integer::parseInt, n -> n >= min && n <= max,
                "a whole number from " + min + " to " + max + why);
    }

    /** A share: a number from 0 to 1. */
    double share(String key, double def) {
        return read(key, def, Double::parseDouble, d -> d >= 0 && d <= 1, "a number from 0 to 1");
    }

    /** Off ({@code 0}) or a whole number from {@code min} up. */
    int offOrAtLeast(String key, int def, int min) {
        return read(key, def, Integer::parseInt, n -> n == 0 || n >= min,
                "0 (off) or a whole number from " + min + " to " + Integer.MAX_VALUE);
    }

    /** The constant of {@code def}'s enum named by parameter {@code key} in any case, or {@code def}. */
    <E extends Enum<E>> E choice(String key, E def, String spelled) {
        String v = text(key, def.name().toLowerCase());
        for (E e : def.getDeclaringClass().getEnumConstants()) {
            if (e.name().equalsIgnoreCase(v)) {
                return e;
            }
        }
        throw invalid(key, spelled, v);
    }

    /** Which of {@code count} keys a transaction picks: parameter {@code dist}, uniform by default. */
    KeyChooser keys(int count) {
        String dist = text("dist", "uniform");
        try {
            return KeyChooser.parse(dist, count);
        } catch (IllegalArgumentException e) {
            throw invalid("dist", KeyChooser.SPELLED, dist);
        }
    }

    private <T> T read(String key, T def, Function<String, T> parse, Predicate<T> accepts, String accepted) {
        String v = values.get(key);
        if (v == null) {
            return def;
        }
        try {
            T t = parse.apply(v);
            if (accepts.test(t)) {
                return t;
            }
        } catch (NumberFormatException e) {
            // Said below, with what is accepted.
        }
        throw invalid(key, accepted, v);
    }

    /**
     * @param key      the parameter
     * @param accepted what it accepts, as a phrase: {@code "a number from 0 to 1"}
     * @param given    what it was given
     * @return the exception that says so
     */
    IllegalArgumentException invalid(String key, String accepted, String given) {
        return new IllegalArgumentException("workload " + workload + ": " + key + " must be " + accepted + ", not "
                + given);
    }
}
