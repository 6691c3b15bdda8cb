package io.catena.core.wan;

/**
 * How far each region's epochs run ahead of the others' so that Catena commits non-conflicting
 * transactions at Helios' lower bound (docs/PROTOCOL.md, "Epoch offsets").
 *
 * <p>A non-conflicting transaction of region A's epoch e commits once every region's record of
 * epoch e has arrived. If region X's epoch clock runs {@code s_X} ahead, X ships its record of e
 * {@code s_X} earlier in real time, so A's wait after its own epoch ends is
 * {@code L_A = max over B of (s_A - s_B + d(B,A))}, with {@code d} the one-way delays. Helios
 * gives the best latencies any protocol can reach, a vector L with {@code L_A + L_B >= RTT(A,B)}
 * ({@link HeliosBound}). Offsets that reach a given L are a solution of the difference constraints
 * {@code s_A - s_B <= L_A - d(B,A)}, which has one exactly when the constraint graph has no
 * negative cycle. Around any cycle the weights add up to the cycle's L minus its one-way delays in
 * one direction; with symmetric delays every edge's two constraints give
 * {@code L_A + L_B >= d(A,B) + d(B,A)}, and adding them around the cycle gives
 * {@code 2 sum L >= 2 sum d}: no cycle is negative. So every latency vector meeting the bound's
 * pairwise constraints, the optimum included, is reachable by offsets alone. (With asymmetric
 * delays a cycle of three or more regions can be negative; {@link #reaching} then refuses.)
 *
 * <p>Offsets change when a region's epochs happen, not what they contain: they are a deliberate
 * clock skew, which costs Catena latency, never safety.
 */
public final class EpochOffsets {

    private EpochOffsets() {
    }

    /** Offsets (microseconds ahead, the smallest 0) that reach the bound's minimum-average latencies. */
    public static long[] forBound(LatencyMatrix m) {
        return reaching(m, HeliosBound.solve(m));
    }

    /**
     * Offsets (microseconds ahead, the smallest 0) with which region A waits at most
     * {@code latenciesMicros[A]} after its epoch ends for every region's record of that epoch.
     *
     * @throws IllegalArgumentException if no offsets reach them: two regions' latencies add up to
     *                                  less than their round trip, or, with asymmetric delays, a cycle
     */
    public static long[] reaching(LatencyMatrix m, double[] latenciesMicros) {
        int n = m.size();
        if (latenciesMicros.length != n) {
            throw new IllegalArgumentException(latenciesMicros.length + " latencies for " + n + " regions");
        }
        // Bellman-Ford from a virtual source joined to every region by a 0 edge: B -> A weighs L_A - d(B,A).
        double[] s = new double[n];
        for (int round = 0; round <= n; round++) {
            boolean changed = false;
            for (int a = 0; a < n; a++) {
                for (int b = 0; b < n; b++) {
                    double w = latenciesMicros[a] - m.oneWayMicros(b, a);
                    if (a != b && s[b] + w < s[a] - 1e-6) {
                        s[a] = s[b] + w;
                        changed = true;
                    }
                }
            }
            if (!changed) {
                return normalized(s);
            }
        }
        throw new IllegalArgumentException("no epoch offsets reach latencies " + java.util.Arrays.toString(latenciesMicros)
                + " on " + m.name() + ": they are below the round trips between some regions");
    }

    /** How long region A waits after its epoch ends for every region's record of it, with these offsets. */
    public static double[] latencies(LatencyMatrix m, long[] offsetsMicros) {
        int n = m.size();
        double[] l = new double[n];
        for (int a = 0; a < n; a++) {
            for (int b = 0; b < n; b++) {
                if (a != b) {
                    l[a] = Math.max(l[a], offsetsMicros[a] - offsetsMicros[b] + m.oneWayMicros(b, a));
                }
            }
        }
        return l;
    }

    private static long[] normalized(double[] s) {
        double min = Double.MAX_VALUE;
        for (double v : s) {
            min = Math.min(min, v);
        }
        long[] offsets = new long[s.length];
        for (int i = 0; i < s.length; i++) {
            offsets[i] = Math.round(s[i] - min);
        }
        return offsets;
    }
}
