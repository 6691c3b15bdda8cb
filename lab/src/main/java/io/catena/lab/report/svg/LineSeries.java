package io.catena.lab.report.svg;

import java.util.ArrayList;
import java.util.List;

/**
 * One line of a chart, named in the legend: a single polyline, or several when it has gaps (where
 * it has no value, e.g. a latency in a second without commits), drawn in the same colour.
 *
 * @param name   what the line shows, e.g. a region
 * @param colour its CSS colour, e.g. {@code #0072B2}
 * @param points its points in drawing order
 * @param breaks the indices of points that start a new piece of the line: nothing joins them to
 *               the point before; increasing, each in {@code 1..points.size()-1}
 */
public record LineSeries(String name, String colour, List<ChartPoint> points, List<Integer> breaks) {

    public LineSeries {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a line series is named, for the legend");
        }
        Palette.requireColour(colour);
        points = List.copyOf(points);
        breaks = List.copyOf(breaks);
        int previous = 0;
        for (int b : breaks) {
            if (b <= previous || b >= points.size()) {
                throw new IllegalArgumentException("the breaks of " + name + " must increase within 1.."
                        + (points.size() - 1) + ", not " + breaks);
            }
            previous = b;
        }
    }

    /** A line without gaps. */
    public LineSeries(String name, String colour, List<ChartPoint> points) {
        this(name, colour, points, List.of());
    }

    /** The pieces of the line, each drawn as one polyline; none for a line without points. */
    public List<List<ChartPoint>> pieces() {
        List<List<ChartPoint>> pieces = new ArrayList<>();
        int from = 0;
        for (int b : breaks) {
            pieces.add(points.subList(from, b));
            from = b;
        }
        if (from < points.size()) {
            pieces.add(points.subList(from, points.size()));
        }
        return pieces;
    }
}
