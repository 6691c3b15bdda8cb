package io.catena.server.net;

import io.catena.core.id.RegionId;
import io.catena.core.wan.LatencyMatrix;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Emulated wide-area links between the regions of one cluster, applied where a process sends to
 * another region: each message waits the one-way delay of the latency matrix, scaled by
 * {@code 1 + jitter * N(0,1)} (never below half of it), or is lost with probability {@code loss}.
 * The presets are the simulator's, so real runs and simulated runs see the same WAN.
 *
 * <p>Regions are matched to the matrix by name when every cluster region appears in it, otherwise
 * by position, so a preset can be used with any region names as long as the counts agree.
 */
public final class WanEmulation {

    /** What {@link #delayMicros} returns for a message the link loses. */
    public static final long LOST = -1;

    private final LatencyMatrix matrix;
    private final int[] matrixIndex;
    private final double jitter;
    private final double loss;

    private WanEmulation(LatencyMatrix matrix, int[] matrixIndex, double jitter, double loss) {
        this.matrix = matrix;
        this.matrixIndex = matrixIndex;
        this.jitter = jitter;
        this.loss = loss;
    }

    /** Links with the preset's delays for the cluster's regions (in cluster order). */
    public static WanEmulation of(LatencyMatrix matrix, List<String> clusterRegions, double jitter, double loss) {
        if (jitter < 0 || jitter > 1) {
            throw new IllegalArgumentException("WAN jitter must be between 0 and 1, not " + jitter);
        }
        if (loss < 0 || loss >= 1) {
            throw new IllegalArgumentException("WAN loss must be at least 0 and below 1, not " + loss);
        }
        int[] index = new int[clusterRegions.size()];
        boolean byName = matrix.regions().containsAll(clusterRegions);
        if (!byName && matrix.size() != clusterRegions.size()) {
            throw new IllegalArgumentException("latency preset " + matrix.name() + " has " + matrix.size()
                    + " regions but the cluster has " + clusterRegions.size());
        }
        for (int i = 0; i < index.length; i++) {
            index[i] = byName ? matrix.regions().indexOf(clusterRegions.get(i)) : i;
        }
        return new WanEmulation(matrix, index, jitter, loss);
    }

    public LatencyMatrix matrix() {
        return matrix;
    }

    /** The configured one-way delay between two cluster regions, without jitter. */
    public long oneWayMicros(RegionId from, RegionId to) {
        return matrix.oneWayMicros(matrixIndex[from.index()], matrixIndex[to.index()]);
    }

    /** How long one message from {@code from} to {@code to} waits, or {@link #LOST}. */
    public long delayMicros(RegionId from, RegionId to) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (loss > 0 && random.nextDouble() < loss) {
            return LOST;
        }
        long oneWay = oneWayMicros(from, to);
        long scaled = Math.round(oneWay * (1 + jitter * random.nextGaussian()));
        return Math.max(oneWay / 2, scaled);
    }

    @Override
    public String toString() {
        return matrix.name() + " (jitter " + Math.round(jitter * 100) + "%, loss " + loss + ")";
    }
}
