package io.catena.lab.eval;

import io.catena.harness.record.TxnClass;
import io.catena.lab.report.LatencyDistribution;
import io.catena.lab.report.RegionSummary;

/**
 * What one region measured of its read-write transactions in a run.
 *
 * @param committed transactions the region's clients saw commit
 * @param perSecond committed transactions per second
 * @param p50Millis median commit latency of read-write transactions (NaN if none committed)
 * @param p99Millis 99th percentile of the same (NaN if none committed)
 */
record RegionLatency(long committed, double perSecond, double p50Millis, double p99Millis) {

    /**
     * The read-write figures of {@code region}: both of its read-write classes, conflicting or not,
     * as one distribution, since the comparison is of the commit latency a client sees whatever
     * path its transaction took (the baselines have no such classes).
     */
    static RegionLatency of(RegionSummary region) {
        LatencyDistribution readWrite = region.latency(TxnClass.NON_CONFLICTING)
                .plus(region.latency(TxnClass.CONFLICTING));
        return new RegionLatency(region.outcomes().committed(), region.throughputPerSecond(),
                readWrite.isEmpty() ? Double.NaN : readWrite.percentileMillis(50),
                readWrite.isEmpty() ? Double.NaN : readWrite.percentileMillis(99));
    }
}
