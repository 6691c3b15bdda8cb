package io.catena.lab.eval;

import io.catena.core.protocol.Protocol;

/**
 * One region of one run of {@code catena eval latency}: a row of its table and of its CSV file.
 *
 * @param checksPassed whether the run's checks (history, identical regions) passed; a run's
 *                     regions share it
 */
record RegionPoint(LatencyPanel panel, Protocol protocol, MatrixRegion region, RegionLatency latency,
                   boolean checksPassed) {

    /** The median over the region's share of the bound: 1 at the share; NaN without either. */
    double p50OverBound() {
        return region.boundMillis() > 0 ? latency.p50Millis() / region.boundMillis() : Double.NaN;
    }
}
