package io.catena.lab.report;

import java.util.Locale;

/**
 * A cluster-wide check of a run and whether it held, e.g. {@code bank total conserved:
 * 1,000,000 = 1,000,000} or {@code all 3 regions hold identical state (4,096 rows)}.
 *
 * @param description what was checked, with the figures that decided it
 * @param passed      whether it held
 */
public record Check(String description, boolean passed) {

    public Check {
        if (description == null || description.isBlank()) {
            throw new IllegalArgumentException("a check says what it checked");
        }
    }

    /** A check that passed. */
    public static Check pass(String description) {
        return new Check(description, true);
    }

    /** A check that failed. */
    public static Check fail(String description) {
        return new Check(description, false);
    }

    /**
     * A check that {@code actual} equals {@code expected}, described with both figures:
     * {@code "bank total conserved: 1,000,000 = 1,000,000"} or {@code "... 999,950 != 1,000,000"}.
     */
    public static Check equal(String what, long actual, long expected) {
        String relation = actual == expected ? " = " : " != ";
        return new Check(String.format(Locale.ROOT, "%s: %,d%s%,d", what, actual, relation, expected),
                actual == expected);
    }
}
