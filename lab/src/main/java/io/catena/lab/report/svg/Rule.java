package io.catena.lab.report.svg;

/**
 * A straight reference line across the whole plot: a labelled horizontal guide (a percentile
 * level) or a dashed vertical line at a bound, with a tooltip.
 *
 * @param vertical whether it crosses the horizontal axis at {@code at} (else the vertical axis)
 * @param at       where, in the units of the axis it crosses
 * @param label    for a horizontal guide, the text at its end; for a vertical line, its tooltip
 * @param colour   its CSS colour
 */
public record Rule(boolean vertical, double at, String label, String colour) {

    /** The colour of guides that belong to no series. */
    public static final String GUIDE_COLOUR = "#777777";

    public Rule {
        if (!Double.isFinite(at) || label == null) {
            throw new IllegalArgumentException("a rule lies at a finite value and has a label");
        }
        Palette.requireColour(colour);
    }

    /** A grey guide at height {@code y}, labelled at its right end. */
    public static Rule horizontal(double y, String label) {
        return new Rule(false, y, label, GUIDE_COLOUR);
    }

    /** A dashed vertical line at {@code x} in {@code colour}, with {@code tooltip}. */
    public static Rule vertical(double x, String tooltip, String colour) {
        return new Rule(true, x, tooltip, colour);
    }
}
