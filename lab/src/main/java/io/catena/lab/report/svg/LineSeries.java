package io.catena.lab.report.svg;

import java.util.List;

/**
 * One line of a chart, drawn as a single polyline and named in the legend.
 *
 * @param name   what the line shows, e.g. a region
 * @param colour its CSS colour, e.g. {@code #0072B2}
 * @param points its points in drawing order
 */
public record LineSeries(String name, String colour, List<ChartPoint> points) {

    public LineSeries {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a line series is named, for the legend");
        }
        Palette.requireColour(colour);
        points = List.copyOf(points);
    }
}
