package io.catena.lab.eval;

import io.catena.core.wan.HeliosBound;
import io.catena.core.wan.LatencyMatrix;
import java.util.ArrayList;
import java.util.List;

/**
 * A region of a latency matrix with its commit-latency lower bound: the minimum-average-optimal
 * latency of Helios' program (Nawab's dissertation §4.2), which no protocol's mean over the
 * regions can beat on that matrix.
 *
 * @param index      its place in the matrix, the x of the charts
 * @param name       its name, e.g. {@code us-central1}
 * @param boundMillis its lower bound, in ms
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
