package io.catena.lab.report.svg;

import java.util.ArrayList;
import java.util.List;

/**
 * A linear axis from {@code min} to {@code max} with a tick every {@code step}.
 *
 * @param min  the value at the start of the axis
 * @param max  the value at the end, above {@code min}
 * @param step the distance between ticks, which start at {@code min}
 */
public record LinearScale(double min, double max, double step) implements Scale {

    public LinearScale {
        if (!(Double.isFinite(min) && Double.isFinite(max) && max > min)) {
            throw new IllegalArgumentException("a linear scale runs from a finite min to a greater max, not "
                    + min + " to " + max);
        }
        if (!(step > 0) || (max - min) / step > 1_000) {
            throw new IllegalArgumentException("a tick step of " + step + " on " + min + " to " + max
                    + " would draw no ticks or too many");
        }
    }

    /**
     * A scale covering {@code low} to {@code high} with about {@code ticks} ticks at round values
     * (1, 2 or 5 times a power of ten), starting and ending on a tick.
     */
    public static LinearScale covering(double low, double high, int ticks) {
        if (!(Double.isFinite(low) && Double.isFinite(high) && high >= low) || ticks < 1) {
            throw new IllegalArgumentException("cannot cover " + low + " to " + high + " with " + ticks + " ticks");
        }
        double span = high > low ? high - low : Math.max(1, Math.abs(high));
        double raw = span / ticks;
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double normalised = raw / magnitude;
        double step = (normalised < 1.5 ? 1 : normalised < 3 ? 2 : normalised < 7 ? 5 : 10) * magnitude;
        double min = roundToStep(Math.floor(low / step) * step, step);
        double max = roundToStep(Math.ceil(high / step) * step, step);
        // Rounding to the step's decimals may land a hair inside the data; step outwards then.
        min = min > low ? roundToStep(min - step, step) : min;
        max = max < high ? roundToStep(max + step, step) : max;
        return new LinearScale(min, max > min ? max : roundToStep(min + step, step), step);
    }

    @Override
    public double fraction(double value) {
        return Math.min(1, Math.max(0, (value - min) / (max - min)));
    }

    @Override
    public List<Tick> ticks() {
        List<Tick> ticks = new ArrayList<>();
        long count = Math.round((max - min) / step);
        for (long i = 0; i <= count; i++) {
            // Multiplying rather than adding keeps rounding errors from piling up along the axis.
            double value = roundToStep(min + i * step, step);
            if (value <= max + step * 1e-9) {
                ticks.add(new Tick(value, Scale.label(value), true));
            }
        }
        return ticks;
    }

    /** {@code value} rounded to one decimal more than {@code step} has, which removes binary fractions' noise. */
    private static double roundToStep(double value, double step) {
        double decimals = Math.max(0, -Math.floor(Math.log10(step)) + 1);
        double unit = Math.pow(10, decimals);
        return Math.round(value * unit) / unit;
    }
}
