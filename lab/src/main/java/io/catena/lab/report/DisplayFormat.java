package io.catena.lab.report;

import java.util.Locale;

/**
 * How reports spell numbers: the same in every locale (a decimal point, commas between
 * thousands), and {@code -} for a figure that is unknown or does not exist.
 */
public final class DisplayFormat {

    /** What a report shows for a missing figure. */
    public static final String MISSING = "-";

    private DisplayFormat() {
    }

    /** A count with thousands separators: {@code 41,203}. */
    public static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }

    /** Milliseconds with one decimal: {@code 52.5}; {@link #MISSING} for NaN or null. */
    public static String millis(Double ms) {
        return ms == null || ms.isNaN() ? MISSING : String.format(Locale.ROOT, "%,.1f", ms);
    }

    /** A rate rounded to whole units with thousands separators: {@code 3,402}. */
    public static String rate(double perSecond) {
        return String.format(Locale.ROOT, "%,.0f", perSecond);
    }

    /** A fraction as a percentage with one decimal: {@code 0.9615} is {@code 96.2%}; {@link #MISSING} for null. */
    public static String percent(Double fraction) {
        return fraction == null || fraction.isNaN() ? MISSING : String.format(Locale.ROOT, "%.1f%%", fraction * 100);
    }
}
