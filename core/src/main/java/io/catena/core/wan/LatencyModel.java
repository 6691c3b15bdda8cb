package io.catena.core.wan;

import io.catena.core.wan.LatencyMatrix;
import java.util.Arrays;

/**
 * The analytical model of Catena's commit latency (derived in docs/PROTOCOL.md, "Latency
 * model"), in microseconds, for a transaction arriving at a uniformly random time in its epoch.
 * With {@code d(j,o)} one-way delays, {@code E} the epoch length, f the fault tolerance and m the
 * majority:
 * <ul>
 *   <li>{@code C(x,r)}: how long after region x ships its record of an epoch region r counts it
 *       as included and holds it: {@code d(x,r)} with f = 0; with f ≥ 1, also the f-th earliest
 *       moment r learns of a holder y ≠ x: r itself at {@code d(x,r)}, another region at
 *       {@code d(x,y) + E/2 + d(y,r)} (y shows it in its next record);</li>
 *   <li>{@code H_r = max_x C(x,r)}: when region r schedules the epoch;</li>
 *   <li>non-conflicting at origin o: {@code E/2 + H_o} (+ local execution);</li>
 *   <li>conflicting at o: {@code 3E/2 + x + m-th smallest over r of (H_r + C(r,o))}: speculation
 *       starts at the arrival offset and takes x, the vote leaves with r's next record and o counts
 *       it when it counts that record;</li>
 *   <li>read-only: local, a couple of intra-region round trips.</li>
 * </ul>
 * With epoch offsets ({@link EpochOffsets}: region x's clock {@code s_x} ahead), x ships its record
 * of an epoch {@code s_r - s_x} before r's epoch ends, so {@code H_r = max_x (s_r - s_x + C(x,r))},
 * measured from r's own epoch end, and r's vote reaches o {@code s_o - s_r} later than without.
 */
public final class LatencyModel {

    private final LatencyMatrix matrix;
    private final long epochLengthMicros;
    private final int faultTolerance;
    private final long[] offsetsMicros;

    public LatencyModel(LatencyMatrix matrix, long epochLengthMicros, int faultTolerance) {
        this(matrix, epochLengthMicros, faultTolerance, new long[matrix.size()]);
    }

    /** The model with each region's epochs {@code offsetsMicros[x]} ahead. */
    public LatencyModel(LatencyMatrix matrix, long epochLengthMicros, int faultTolerance, long[] offsetsMicros) {
        if (offsetsMicros.length != matrix.size()) {
            throw new IllegalArgumentException(offsetsMicros.length + " epoch offsets for " + matrix.size() + " regions");
        }
        this.matrix = matrix;
        this.epochLengthMicros = epochLengthMicros;
        this.faultTolerance = faultTolerance;
        this.offsetsMicros = offsetsMicros.clone();
    }

    /** How long after x ships its record region r counts it as included and holds it. */
    public double countedAfter(int x, int r) {
        double holds = x == r ? 0 : matrix.oneWayMicros(x, r);
        if (faultTolerance == 0) {
            return holds;
        }
        double[] learnt = new double[matrix.size() - 1];
        int i = 0;
        for (int y = 0; y < matrix.size(); y++) {
            if (y != x) {
                learnt[i++] = y == r ? matrix.oneWayMicros(x, r)
                        : matrix.oneWayMicros(x, y) + epochLengthMicros / 2.0 + matrix.oneWayMicros(y, r);
            }
        }
        Arrays.sort(learnt);
        return Math.max(holds, learnt[faultTolerance - 1]);
    }

    /** When, after an epoch ends at region r, r schedules it. */
    public double scheduledAt(int r) {
        double h = 0;
        for (int x = 0; x < matrix.size(); x++) {
            h = Math.max(h, offsetsMicros[r] - offsetsMicros[x] + countedAfter(x, r));
        }
        return h;
    }

    public double nonConflicting(int origin, double localMicros) {
        return epochLengthMicros / 2.0 + scheduledAt(origin) + localMicros;
    }

    public double conflicting(int origin, double speculationMicros, double localMicros) {
        int n = matrix.size();
        double[] votes = new double[n];
        for (int r = 0; r < n; r++) {
            votes[r] = offsetsMicros[origin] - offsetsMicros[r] + scheduledAt(r) + countedAfter(r, origin);
        }
        Arrays.sort(votes);
        int majority = n / 2 + 1;
        return 1.5 * epochLengthMicros + speculationMicros + votes[majority - 1] + localMicros;
    }
}
