package io.catena.lab.report.svg;

/**
 * A dot on a chart with a tooltip, e.g. where a region's latency curve reaches p99.
 *
 * @param at      where, in the units of the axes
 * @param colour  its CSS colour
 * @param tooltip what hovering over it says
 */
public record Marker(ChartPoint at, String colour, String tooltip) {

    public Marker {
        if (at == null || tooltip == null) {
            throw new IllegalArgumentException("a marker has a position and a tooltip");
        }
        Palette.requireColour(colour);
    }
}
