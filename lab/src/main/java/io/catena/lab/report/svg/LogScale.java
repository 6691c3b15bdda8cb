package io.catena.lab.report.svg;

import java.util.ArrayList;
import java.util.List;

/**
 * A logarithmic axis, the right one for latency distributions: a 1 ms local read and a 300 ms
 * cross-region commit both get room. The axis starts and ends at 1, 2 or 5 times a power of ten,
 * and so do its ticks (every digit when that gives too few); when there are many, only the powers
 * of ten are labelled.
 *
 * @param min the value at the start of the axis, positive
 * @param max the value at the end, above {@code min}
 */
public record LogScale(double min, double max) implements Scale {

    private static final int[] MANTISSAS = {1, 2, 5};
    private static final int[] EVERY_DIGIT = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    private static final int MIN_TICKS = 4;
    private static final int MAX_LABELLED_TICKS = 10;

    public LogScale {
        if (!(min > 0 && Double.isFinite(max) && max > min)) {
            throw new IllegalArgumentException("a log scale runs from a positive min to a greater max, not "
                    + min + " to " + max);
        }
    }

    /**
     * The smallest scale from a 1-2-5 value at or below {@code low} to one at or above
     * {@code high}; {@code low} must be positive.
     */
    public static LogScale covering(double low, double high) {
        if (!(low > 0 && Double.isFinite(high) && high >= low)) {
            throw new IllegalArgumentException("a log scale cannot cover " + low + " to " + high);
        }
        double min = low;
        double max = high;
        for (double v : roundValues(low / 10, high * 10, MANTISSAS)) {
            if (v <= low) {
                min = v;
            }
            if (v >= high && max == high) {
                max = v;
            }
        }
        if (max <= min) {
            max = roundValues(min, min * 10, MANTISSAS).get(1);
        }
        return new LogScale(min, max);
    }

    @Override
    public double fraction(double value) {
        if (!(value > min)) {
            return 0;
        }
        return Math.min(1, Math.log(value / min) / Math.log(max / min));
    }

    @Override
    public List<Tick> ticks() {
        List<Double> values = roundValues(min, max, MANTISSAS);
        if (values.size() < MIN_TICKS) {
            // Less than a decade or so: log paper's 1 to 9 give the eye enough to read by.
            values = roundValues(min, max, EVERY_DIGIT);
        }
        boolean labelAll = values.size() <= MAX_LABELLED_TICKS;
        List<Tick> ticks = new ArrayList<>();
        for (double v : values) {
            double exponent = Math.log10(v);
            boolean decade = Math.abs(exponent - Math.rint(exponent)) < 1e-9;
            ticks.add(new Tick(v, labelAll || decade ? Scale.label(v) : "", decade));
        }
        return ticks;
    }

    /** Every value {@code m·10^e} with m one of {@code mantissas} in [low, high], in order. */
    private static List<Double> roundValues(double low, double high, int[] mantissas) {
        List<Double> values = new ArrayList<>();
        int fromExponent = (int) Math.floor(Math.log10(low)) - 1;
        int toExponent = (int) Math.ceil(Math.log10(high)) + 1;
        for (int e = fromExponent; e <= toExponent; e++) {
            for (int m : mantissas) {
                // Parsing the decimal spelling gives the double nearest to m·10^e, which pow does not.
                double v = Double.parseDouble(m + "e" + e);
                if (v >= low * (1 - 1e-12) && v <= high * (1 + 1e-12)) {
                    values.add(v);
                }
            }
        }
        return values;
    }
}
