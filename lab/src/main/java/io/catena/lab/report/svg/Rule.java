package io.catena.lab.report.svg;

/**
 * A straight reference line across the whole plot: a labelled horizontal guide (a percentile
 * level), a dashed vertical line at a bound with a tooltip, or a dashed vertical line at an event
 * with its label written along it.
 *
 * @param kind   which of the three it is, and so how it is drawn
 * @param at     where, in the units of the axis it crosses
 * @param label  for a guide, the text at its end; for a bound, its tooltip; for an event, both
 *               the text along it and its tooltip
 * @param colour its CSS colour
 */
public record Rule(Kind kind, double at, String label, String colour) {

    /** The colour of guides that belong to no series. */
    public static final String GUIDE_COLOUR = "#777777";

    /** What a rule marks, which decides its direction and where its label goes. */
    public enum Kind {
        /** Horizontal and dotted, labelled at its right end: a level such as p99. */
        GUIDE,
        /** Vertical and dashed, its label a tooltip: a value such as a latency's lower bound. */
        BOUND,
        /** Vertical and dashed, its label written along it from the top: a moment such as a fault's step. */
        EVENT
    }

    public Rule {
        if (kind == null || !Double.isFinite(at) || label == null) {
            throw new IllegalArgumentException("a rule has a kind, lies at a finite value and has a label");
        }
        Palette.requireColour(colour);
    }

    /** A grey guide at height {@code y}, labelled at its right end. */
    public static Rule horizontal(double y, String label) {
        return new Rule(Kind.GUIDE, y, label, GUIDE_COLOUR);
    }

    /** A dashed vertical line at {@code x} in {@code colour}, with {@code tooltip}. */
    public static Rule vertical(double x, String tooltip, String colour) {
        return new Rule(Kind.BOUND, x, tooltip, colour);
    }

    /** A dashed vertical line at {@code x} in {@code colour}, {@code label} written along it. */
    public static Rule event(double x, String label, String colour) {
        return new Rule(Kind.EVENT, x, label, colour);
    }

    /** Whether it crosses the horizontal axis at {@link #at} (else the vertical axis). */
    public boolean vertical() {
        return kind != Kind.GUIDE;
    }
}
