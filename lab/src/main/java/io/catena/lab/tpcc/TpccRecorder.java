package io.catena.lab.tpcc;

import io.catena.lab.report.LatencyDistribution;
import io.catena.tpcc.TpccTransaction;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * What one region's terminals saw, per TPC-C transaction: latencies and counts of the measured
 * run (after the warm-up), and every failure of the whole run. Thread-safe: terminals record
 * concurrently; {@link #summary} may run at any time.
 */
final class TpccRecorder implements TpccOutcomes {

    /** Distinct failure reasons kept; the rest are counted under one line. */
    static final int MAX_REASONS = 16;

    private final String region;
    private final Map<TpccTransaction, Recorder> latency = new EnumMap<>(TpccTransaction.class);
    private final Map<TpccTransaction, LongAdder> committed = new EnumMap<>(TpccTransaction.class);
    private final Map<TpccTransaction, LongAdder> rolledBack = new EnumMap<>(TpccTransaction.class);
    private final Map<TpccTransaction, LongAdder> conflictAborted = new EnumMap<>(TpccTransaction.class);
    private final LongAdder finished = new LongAdder();
    private final Map<String, LongAdder> failures = new ConcurrentHashMap<>();
    private volatile boolean measuring;

    TpccRecorder(String region) {
        this.region = region;
        for (TpccTransaction t : TpccTransaction.values()) {
            latency.put(t, new Recorder(LatencyDistribution.HIGHEST_TRACKABLE_MICROS,
                    LatencyDistribution.SIGNIFICANT_DIGITS));
            committed.put(t, new LongAdder());
            rolledBack.put(t, new LongAdder());
            conflictAborted.put(t, new LongAdder());
        }
    }

    /** From now on, outcomes count towards the measured run; earlier ones were the warm-up. */
    void startMeasuring() {
        for (Recorder r : latency.values()) {
            r.reset();
        }
        measuring = true;
    }

    @Override
    public void committed(TpccTransaction type, long latencyMicros) {
        finished.increment();
        if (measuring) {
            latency.get(type).recordValue(Math.min(latencyMicros, LatencyDistribution.HIGHEST_TRACKABLE_MICROS));
            committed.get(type).increment();
        }
    }

    @Override
    public void rolledBack(TpccTransaction type, long latencyMicros) {
        finished.increment();
        if (measuring) {
            rolledBack.get(type).increment();
        }
    }

    @Override
    public void conflictAborted(TpccTransaction type, long latencyMicros) {
        finished.increment();
        if (measuring) {
            conflictAborted.get(type).increment();
        }
    }

    @Override
    public void failed(TpccTransaction type, String reason) {
        finished.increment();
        String key = type.label() + ": " + reason;
        if (failures.size() >= MAX_REASONS && !failures.containsKey(key)) {
            key = "other failures";
        }
        failures.computeIfAbsent(key, k -> new LongAdder()).increment();
    }

    /** Transactions finished so far, warm-up included, whatever their outcome. */
    long finished() {
        return finished.sum();
    }

    /** NewOrders committed in the measured run so far. */
    long newOrders() {
        return committed.get(TpccTransaction.NEW_ORDER).sum();
    }

    /** The measured run so far; the latency recorders are drained into it. */
    synchronized TpccRegionSummary summary(long measuredMicros) {
        Map<TpccTransaction, TpccRegionSummary.PerType> types = new EnumMap<>(TpccTransaction.class);
        for (TpccTransaction t : TpccTransaction.values()) {
            Histogram h = latency.get(t).getIntervalHistogram();
            types.put(t, new TpccRegionSummary.PerType(committed.get(t).sum(), rolledBack.get(t).sum(),
                    conflictAborted.get(t).sum(), LatencyDistribution.of(h)));
        }
        Map<String, Long> failed = new TreeMap<>();
        failures.forEach((k, v) -> failed.put(k, v.sum()));
        return new TpccRegionSummary(region, measuredMicros, types, failed);
    }
}
