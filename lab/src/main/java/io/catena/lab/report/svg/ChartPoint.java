package io.catena.lab.report.svg;

/**
 * A point of a chart in the units of its axes.
 *
 * @param x along the horizontal axis
 * @param y along the vertical axis
 */
public record ChartPoint(double x, double y) {

    public ChartPoint {
        if (!Double.isFinite(x) || !Double.isFinite(y)) {
            throw new IllegalArgumentException("a chart point has finite coordinates, not (" + x + ", " + y + ")");
        }
    }
}
