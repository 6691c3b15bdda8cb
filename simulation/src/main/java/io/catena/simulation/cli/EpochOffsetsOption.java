package io.catena.simulation.cli;

import io.catena.core.wan.EpochOffsets;
import io.catena.core.wan.LatencyMatrix;
import java.util.ArrayList;
import java.util.List;

/**
 * The simulator's {@code --epoch-offsets}: how far each region's clock, and with it its epochs, runs
 * ahead on purpose. {@code none}; {@code auto}, the offsets that reach Helios' bound on the run's
 * matrix ({@link EpochOffsets#forBound}); or milliseconds per region, in the matrix's order.
 */
final class EpochOffsetsOption {

    static final String DESCRIPTION = "how far each region's epochs run ahead: none, auto (the offsets that reach"
            + " the Helios bound on the preset, docs/PROTOCOL.md \"Epoch offsets\"), or milliseconds per region"
            + " such as 0,50,75 (default: ${DEFAULT-VALUE})";

    private EpochOffsetsOption() {
    }

    /** The offsets in microseconds, one per region, or an empty list for none. */
    static List<Long> parse(String text, LatencyMatrix matrix) {
        String t = text.trim();
        if (t.equals("none")) {
            return List.of();
        }
        if (t.equals("auto")) {
            List<Long> offsets = new ArrayList<>();
            for (long o : EpochOffsets.forBound(matrix)) {
                offsets.add(o);
            }
            return offsets;
        }
        String[] parts = t.split(",");
        List<Long> offsets = new ArrayList<>();
        try {
            for (String p : parts) {
                double millis = Double.parseDouble(p.trim());
                if (!(millis >= 0)) {
                    throw new NumberFormatException();
                }
                offsets.add(Math.round(millis * 1000));
            }
        } catch (NumberFormatException e) {
            offsets.clear();
        }
        if (offsets.size() != matrix.size()) {
            throw new IllegalArgumentException("--epoch-offsets takes none, auto, or " + matrix.size()
                    + " milliseconds of 0 or more, one per region of " + matrix.name() + " in its order "
                    + matrix.regions() + ", not '" + text + "'");
        }
        return offsets;
    }
}
