package io.catena.lab.report.svg;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * Maps values of one axis onto the length of that axis, and says where its ticks go.
 * Implementations are immutable.
 */
public interface Scale {

    /** The value at the start of the axis. */
    double min();

    /** The value at the end of the axis. */
    double max();

    /**
     * Where {@code value} lies along the axis: 0 at {@link #min()}, 1 at {@link #max()}; values
     * outside the domain are clamped onto it, so nothing is ever drawn off the plot.
     */
    double fraction(double value);

    /** The ticks to draw, in increasing order of value. */
    List<Tick> ticks();

    /**
     * A tick label: thousands separators above 1, only the decimals needed below:
     * {@code 1,000}, {@code 20}, {@code 0.5}, {@code 0.02}.
     */
    static String label(double value) {
        BigDecimal exact = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        if (exact.scale() <= 0) {
            return String.format(Locale.ROOT, "%,d", exact.longValueExact());
        }
        return exact.toPlainString();
    }
}
