package io.catena.lab.eval;

import io.catena.core.wan.LatencyMatrix;
import java.util.List;

/**
 * One table and one chart of {@code catena eval latency}: a WAN matrix and a workload, measured
 * for every protocol.
 */
record LatencyPanel(LatencyMatrix matrix, KvWorkload workload) {

    /** What the table's heading and the chart's title call it, e.g. {@code gcp3, zipf}. */
    String title() {
        return matrix.name() + ", " + workload.label();
    }

    /** The matrix's regions in its order, each with its share of the commit-latency lower bound. */
    List<MatrixRegion> regions() {
        return MatrixRegion.of(matrix);
    }

    /** The lower bound itself: the mean over the regions of their shares, as the dissertation reports it. */
    double meanBoundMillis() {
        return regions().stream().mapToDouble(MatrixRegion::boundMillis).average().orElseThrow();
    }
}
