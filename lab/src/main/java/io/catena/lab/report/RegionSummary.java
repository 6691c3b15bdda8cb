package io.catena.lab.report;

import io.catena.harness.record.TxnClass;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What one region measured in a run.
 *
 * @param region             the region's name, e.g. {@code "us-central1"}
 * @param latency            commit latency per transaction class; a class nobody committed maps to
 *                           an empty distribution (every class is present)
 * @param outcomes           how the region's transactions ended
 * @param heliosBoundMillis  the Helios lower bound on this region's commit latency for the run's
 *                           latency matrix, in ms; null when unknown (a remote cluster of unknown RTTs)
 * @param speculationSuccess the share of conflicting transactions whose speculative order held,
 *                           from 0 to 1; null when unknown or when there were none
 * @param throughput         committed transactions per interval of the run
 */
public record RegionSummary(String region, Map<TxnClass, LatencyDistribution> latency, OutcomeCounts outcomes,
                            Double heliosBoundMillis, Double speculationSuccess, ThroughputSeries throughput) {

    public RegionSummary {
        if (region == null || region.isBlank()) {
            throw new IllegalArgumentException("a region summary names its region");
        }
        if (outcomes == null || throughput == null) {
            throw new IllegalArgumentException("region " + region + " needs outcome counts and a throughput series");
        }
        if (heliosBoundMillis != null && !(heliosBoundMillis >= 0 && !heliosBoundMillis.isInfinite())) {
            throw new IllegalArgumentException("region " + region + ": the Helios bound must be a non-negative number "
                    + "of ms, was " + heliosBoundMillis);
        }
        if (speculationSuccess != null && !(speculationSuccess >= 0 && speculationSuccess <= 1)) {
            throw new IllegalArgumentException("region " + region + ": speculation success is a fraction in [0, 1], was "
                    + speculationSuccess);
        }
        EnumMap<TxnClass, LatencyDistribution> all = new EnumMap<>(TxnClass.class);
        for (TxnClass c : TxnClass.values()) {
            LatencyDistribution d = latency.get(c);
            all.put(c, d == null ? LatencyDistribution.empty() : d);
        }
        latency = Collections.unmodifiableMap(all);
    }

    /** The commit latency of class {@code c}; empty if none committed. */
    public LatencyDistribution latency(TxnClass c) {
        return latency.get(c);
    }

    /** Committed transactions per second over the run. */
    public double throughputPerSecond() {
        return throughput.meanPerSecond();
    }

    /** This summary with the Helios bound set (ms; null for unknown). */
    public RegionSummary withHeliosBoundMillis(Double millis) {
        return new RegionSummary(region, latency, outcomes, millis, speculationSuccess, throughput);
    }

    /** This summary with the speculation success set (a fraction; null for unknown). */
    public RegionSummary withSpeculationSuccess(Double fraction) {
        return new RegionSummary(region, latency, outcomes, heliosBoundMillis, fraction, throughput);
    }

    /**
     * All {@code regions} as one, named {@code name}: latencies merged, counts and throughput added.
     * The Helios bound and speculation success are per region and do not add up, so they are null.
     */
    public static RegionSummary combine(String name, List<RegionSummary> regions) {
        if (regions.isEmpty()) {
            throw new IllegalArgumentException("nothing to combine into " + name);
        }
        EnumMap<TxnClass, LatencyDistribution> latency = new EnumMap<>(TxnClass.class);
        OutcomeCounts outcomes = OutcomeCounts.NONE;
        ThroughputSeries throughput = ThroughputSeries.empty(regions.get(0).throughput().intervalMicros());
        for (RegionSummary r : regions) {
            r.latency().forEach((c, d) -> latency.merge(c, d, LatencyDistribution::plus));
            outcomes = outcomes.plus(r.outcomes());
            throughput = throughput.plus(r.throughput());
        }
        return new RegionSummary(name, latency, outcomes, null, null, throughput);
    }
}
