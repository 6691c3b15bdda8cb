package io.catena.simulation.host;

import io.catena.core.id.NodeId;

/**
 * Service time of a node's step, from the work it reported: a base cost per step and per key
 * access, plus a cost per byte touched, so that accesses to bigger records take longer (the
 * paper's §III-B setup). Each region runs at its own speed and every step gets a little noise,
 * which is what makes regions' speculative orders differ sometimes.
 */
public record CostModel(double stepMicros, double accessMicros, double nanosPerByte, double stepNoise) {

    public static CostModel defaults() {
        return new CostModel(2, 15, 20, 0.05);
    }

    /** Cheap steps, for tests that care about protocol logic only. */
    public static CostModel negligible() {
        return new CostModel(1, 1, 0, 0);
    }

    public long serviceMicros(NodeId node, int accesses, long bytes, double regionSpeed, double noiseDraw) {
        double base = stepMicros + accesses * accessMicros + bytes * nanosPerByte / 1000.0;
        double factor = regionSpeed * Math.max(0.5, 1 + stepNoise * noiseDraw);
        return Math.max(1, Math.round(base * factor));
    }
}
