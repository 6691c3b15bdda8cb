package io.catena.lab.report.svg;

/**
 * A tick on an axis: a grid line at {@code value}, labelled unless the label is empty.
 *
 * @param value where it is, in the scale's units
 * @param label what it reads, possibly empty
 * @param major whether it is a major tick (drawn stronger)
 */
public record Tick(double value, String label, boolean major) {

    public Tick {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("a tick lies at a finite value, not " + value);
        }
        if (label == null) {
            throw new IllegalArgumentException("a tick's label may be empty, not null");
        }
    }
}
