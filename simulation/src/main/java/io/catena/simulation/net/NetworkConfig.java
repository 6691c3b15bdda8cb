package io.catena.simulation.net;

/**
 * How the simulated network misbehaves. Inter-region links take their one-way delay from the
 * latency matrix, scaled by {@code 1 + jitter * N(0,1)}; they lose, duplicate and reorder
 * messages with the given probabilities. Links inside a region are FIFO (TCP-like) and take
 * between {@code intraMinMicros} and {@code intraMaxMicros}.
 */
public record NetworkConfig(double jitter, double loss, double duplication, double reordering,
                            long reorderMaxMicros, long intraMinMicros, long intraMaxMicros) {

    public static NetworkConfig calm() {
        return new NetworkConfig(0.02, 0, 0, 0, 0, 80, 400);
    }

    public static NetworkConfig rough() {
        return new NetworkConfig(0.05, 0.02, 0.01, 0.05, 20_000, 80, 600);
    }
}
