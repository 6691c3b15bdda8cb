package io.catena.lab.report.svg;

/**
 * A shaded stretch of the horizontal axis, the plot's whole height, named in the legend: e.g.
 * the seconds a fault lasted.
 *
 * @param from   where it starts, in the units of the horizontal axis
 * @param to     where it ends, above {@code from}
 * @param name   what it shows, for the legend and its tooltip
 * @param colour its CSS colour, drawn translucent so the lines over it stay readable
 */
public record Band(double from, double to, String name, String colour) {

    public Band {
        if (!(Double.isFinite(from) && Double.isFinite(to) && to > from)) {
            throw new IllegalArgumentException("a band runs from a finite value to a greater one, not "
                    + from + " to " + to);
        }
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a band is named, for the legend");
        }
        Palette.requireColour(colour);
    }
}
