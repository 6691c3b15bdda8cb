package io.catena.lab.eval;

import io.catena.core.wan.HeliosBound;
import io.catena.core.wan.LatencyMatrix;
import java.util.ArrayList;
import java.util.List;

/**
 * A region of a latency matrix with its share of the commit-latency lower bound: its latency in
 * the minimum-average-optimal solution of Helios' program (Nawab's dissertation §4.2). The bound
 * is on the mean: no protocol's mean over the regions can beat the mean of these shares, and any
 * two regions' latencies add up to at least their round trip, but one region may well commit
 * faster than its share when another pays for it (on gcp3 asia-east1's share is 152.5 ms, above
 * its half round trip to us-central1).
 *
 * @param index      its place in the matrix, the x of the charts
 * @param name       its name, e.g. {@code us-central1}
 * @param boundMillis its share of the bound, in ms
 */
record MatrixRegion(int index, String name, double boundMillis) {

    /** The regions of {@code matrix} in its order, each with its bound. */
    static List<MatrixRegion> of(LatencyMatrix matrix) {
        double[] boundsMicros = HeliosBound.solve(matrix);
        List<MatrixRegion> regions = new ArrayList<>();
        for (int i = 0; i < matrix.size(); i++) {
            regions.add(new MatrixRegion(i, matrix.regions().get(i), boundsMicros[i] / 1_000));
        }
        return regions;
    }
}
