package io.catena.simulation.net;

/**
 * How the simulated network misbehaves. Inter-region links take their one-way delay from the
 * latency matrix, scaled by {@code 1 + jitter * N(0,1)}; they lose, duplicate and reorder
 * messages with the given probabilities. Links inside a region are FIFO (TCP-like) and take
 * between {@code intraMinMicros} and {@code intraMaxMicros}; those between a client and a node
 * of its region lose {@code clientLoss} of their messages, as a client connection that breaks
 * loses what was in it (the client resends, and looks outcomes up), so that a request's copies
 * can be lost before its lookup arrives and arrive after it.
 */
public record NetworkConfig(double jitter, double loss, double duplication, double reordering,
                            long reorderMaxMicros, long intraMinMicros, long intraMaxMicros, double clientLoss) {

    public NetworkConfig {
        if (!(clientLoss >= 0 && clientLoss < 1)) {
            throw new IllegalArgumentException("client links lose a share of their messages from 0 up to, not"
                    + " including, 1; give --client-loss such as 0.05, not " + clientLoss);
        }
    }

    public static NetworkConfig calm() {
        return new NetworkConfig(0.02, 0, 0, 0, 0, 80, 400, 0);
    }

    public static NetworkConfig rough() {
        return new NetworkConfig(0.05, 0.02, 0.01, 0.05, 20_000, 80, 600, 0);
    }

    /** The same network with client links that lose {@code share} of their messages. */
    public NetworkConfig withClientLoss(double share) {
        return new NetworkConfig(jitter, loss, duplication, reordering, reorderMaxMicros, intraMinMicros, intraMaxMicros,
                share);
    }
}
