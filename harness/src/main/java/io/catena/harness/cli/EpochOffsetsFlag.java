package io.catena.harness.cli;

import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.wan.EpochOffsets;
import io.catena.core.wan.LatencyMatrix;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code --epoch-offsets} of every command that starts a cluster ({@code catena-sim sweep} and
 * {@code latency}, {@code catena demo}, {@code bench}, {@code tpcc}): how far each region's epochs
 * run ahead on purpose, which the command puts in the cluster's configuration
 * ({@code ClusterConfig.epochOffsetsMicros}). {@code none}; {@code auto}, the offsets that reach
 * Helios' bound on the run's latency matrix ({@link EpochOffsets#forBound}); or milliseconds per
 * region, in region order.
 */
public final class EpochOffsetsFlag {

    /** The flag's help text, for picocli. */
    public static final String DESCRIPTION = "how far each region's epochs run ahead: none, auto (the offsets that"
            + " reach the Helios bound on the preset, docs/PROTOCOL.md \"Epoch offsets\"), or milliseconds per region"
            + " such as 0,50,75 (default: ${DEFAULT-VALUE})";

    private EpochOffsetsFlag() {
    }

    /** The offsets in microseconds, one per region of {@code matrix}, or an empty list for none. */
    public static List<Long> parse(String text, LatencyMatrix matrix) {
        return parse(text, matrix.regions(), Optional.of(matrix));
    }

    /**
     * The offsets in microseconds, one per region of {@code regions}, or an empty list for none.
     *
     * @param matrix the run's emulated round trips, which {@code auto} needs; empty on plain loopback
     * @throws IllegalArgumentException one sentence naming the flag and what it takes
     */
    public static List<Long> parse(String text, List<String> regions, Optional<LatencyMatrix> matrix) {
        String t = text.trim();
        if (t.equals("none")) {
            return List.of();
        }
        if (t.equals("auto")) {
            LatencyMatrix m = matrix.orElseThrow(() -> new IllegalArgumentException(ProtocolKeys.EPOCH_OFFSETS_FLAG
                    + " auto computes the offsets from the latency preset, and this run has none; give a --preset,"
                    + " or the offsets in milliseconds"));
            return Arrays.stream(EpochOffsets.forBound(m)).boxed().toList();
        }
        List<Long> offsets = new ArrayList<>();
        try {
            for (String p : t.split(",")) {
                double millis = Double.parseDouble(p.trim());
                if (!(millis >= 0)) {
                    throw new NumberFormatException();
                }
                offsets.add(Math.round(millis * 1000));
            }
        } catch (NumberFormatException e) {
            offsets.clear();
        }
        if (offsets.size() != regions.size()) {
            throw new IllegalArgumentException(ProtocolKeys.EPOCH_OFFSETS_FLAG + " takes none, auto, or "
                    + regions.size() + " milliseconds of 0 or more, one per region in the order " + regions
                    + ", not '" + text + "'");
        }
        return offsets;
    }

    /** The offsets as a run's header line says them, such as {@code [0.0 ms, 50.0 ms, 75.0 ms]}. */
    public static String describe(List<Long> offsetsMicros) {
        return offsetsMicros.stream().map(o -> o / 1000.0 + " ms").toList().toString();
    }
}
