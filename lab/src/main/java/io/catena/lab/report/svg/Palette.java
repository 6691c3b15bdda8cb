package io.catena.lab.report.svg;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The colours of chart lines: the Okabe-Ito palette, told apart also by people with colour
 * vision deficiencies, without its yellow, which is unreadable on white.
 */
public final class Palette {

    private static final List<String> COLOURS = List.of(
            "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000");
    private static final Pattern HEX_COLOUR = Pattern.compile("#[0-9A-Fa-f]{6}");

    private Palette() {
    }

    /** The colour of the {@code i}-th line; colours repeat after the seventh. */
    public static String colour(int i) {
        return COLOURS.get(Math.floorMod(i, COLOURS.size()));
    }

    /** Checks that {@code colour} is a {@code #rrggbb} colour, so it is safe inside a style. */
    static void requireColour(String colour) {
        if (colour == null || !HEX_COLOUR.matcher(colour).matches()) {
            throw new IllegalArgumentException("colours are given as #rrggbb, not " + colour);
        }
    }
}
