package io.catena.server.config;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A share between 0 and 1, written as a percentage ({@code 5%}) or a decimal ({@code 0.05}); used
 * for the emulated WAN's jitter and loss.
 *
 * @param value the share, from 0 to 1
 */
public record Fraction(double value) {

    /** No share at all. */
    public static final Fraction ZERO = new Fraction(0);

    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)%");
    private static final Pattern DECIMAL = Pattern.compile("\\d+(?:\\.\\d+)?");

    public Fraction {
        if (!(value >= 0 && value <= 1)) {
            throw new IllegalArgumentException("a fraction lies between 0 and 1, not " + value);
        }
    }

    /** The fraction of the given percentage, such as 5 for 5%. */
    public static Fraction ofPercent(double percent) {
        return new Fraction(percent / 100);
    }

    /**
     * Reads a fraction such as {@code 5%} or {@code 0.05}.
     *
     * @throws IllegalArgumentException with a message that quotes the text and shows the right
     *                                  form, fit to follow a key path
     */
    public static Fraction parse(String text) {
        Matcher percent = PERCENT.matcher(text);
        BigDecimal share;
        if (percent.matches()) {
            share = new BigDecimal(percent.group(1)).movePointLeft(2);
        } else if (DECIMAL.matcher(text).matches()) {
            share = new BigDecimal(text);
        } else {
            throw new IllegalArgumentException("'" + text + "' is not a fraction; use e.g. 5% or 0.05");
        }
        if (share.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("'" + text + "' is more than 100%");
        }
        return new Fraction(share.doubleValue());
    }

    /** As a percentage, such as {@code 5%} or {@code 2.5%}; {@link #parse} reads it back. */
    @Override
    public String toString() {
        return BigDecimal.valueOf(value).movePointRight(2).stripTrailingZeros().toPlainString() + "%";
    }
}
