package io.catena.lab.eval;

import io.catena.core.protocol.Protocol;

/**
 * One measured run of an evaluation: which panel of the figure, which protocol, where on the
 * x axis (clients or terminals per region, or the epoch length), and what it gave over all regions.
 *
 * @param perSecond     transactions that finished as they should, per second
 * @param p50Millis     median commit latency (NaN if nothing committed)
 * @param p99Millis     99th percentile commit latency (NaN if nothing committed)
 * @param abortRate     share of transactions aborted for a conflict (baselines) or by their logic
 * @param checksPassed  whether the run's checks (history, invariants, identical regions) passed
 */
public record EvalPoint(String panel, Protocol protocol, double x, long committed, double perSecond, double p50Millis,
                        double p99Millis, double abortRate, boolean checksPassed) {
}
