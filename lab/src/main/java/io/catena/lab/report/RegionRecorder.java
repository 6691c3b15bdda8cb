package io.catena.lab.report;

import io.catena.core.txn.TxnResult;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.record.TxnClass;
import java.util.EnumMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Collects what one region's clients observe as their transactions finish, and turns it into a
 * {@link RegionSummary}.
 *
 * <p>Threading: {@link #record} may be called from any number of threads at once and never blocks
 * (HdrHistogram {@link Recorder}s and {@link LongAdder}s); {@link #summarize} may run at any time,
 * also while recording goes on, and sees every call that returned before it started.
 *
 * <p>Only commits have a commit latency: aborted, rejected, dropped and unknown transactions are
 * counted but their latency is not recorded. Latencies are clamped to [0,
 * {@link LatencyDistribution#HIGHEST_TRACKABLE_MICROS}] rather than thrown at a driver.
 */
public final class RegionRecorder {

    /**
     * How many distinct kinds of abort ({@link AbortKind}) are counted apart; later ones count as
     * {@link #OTHER_REASONS}, so reasons that embed a name cannot grow without bound.
     */
    public static final int MAX_ABORT_REASONS = 32;
    /** The reason counted for an abort that gave none. */
    public static final String UNSPECIFIED_REASON = "unspecified";
    /** The reason counted once {@link #MAX_ABORT_REASONS} distinct reasons have been seen. */
    public static final String OTHER_REASONS = "other reasons";

    private final String region;
    private final long startMicros;
    private final long intervalMicros;
    private final Map<TxnClass, Recorder> latencyRecorders = new EnumMap<>(TxnClass.class);
    private final Map<TxnClass, Histogram> latencySoFar = new EnumMap<>(TxnClass.class);
    private final LongAdder committed = new LongAdder();
    private final LongAdder rejected = new LongAdder();
    private final LongAdder dropped = new LongAdder();
    private final LongAdder unknown = new LongAdder();
    private final ConcurrentHashMap<String, LongAdder> abortsByReason = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Long, LongAdder> commitsByInterval = new ConcurrentHashMap<>();

    /**
     * @param region         the region's name
     * @param startMicros    when the run started, on the clock end times are given in
     * @param intervalMicros the interval of the throughput series
     */
    public RegionRecorder(String region, long startMicros, long intervalMicros) {
        if (region == null || region.isBlank()) {
            throw new IllegalArgumentException("a recorder records for a named region");
        }
        if (intervalMicros <= 0) {
            throw new IllegalArgumentException("the throughput interval must be positive, was " + intervalMicros);
        }
        this.region = region;
        this.startMicros = startMicros;
        this.intervalMicros = intervalMicros;
        for (TxnClass c : TxnClass.values()) {
            latencyRecorders.put(c, new Recorder(LatencyDistribution.HIGHEST_TRACKABLE_MICROS,
                    LatencyDistribution.SIGNIFICANT_DIGITS));
            latencySoFar.put(c, LatencyDistribution.newHistogram());
        }
    }

    public String region() {
        return region;
    }

    /**
     * One finished transaction.
     *
     * @param txnClass      its class: read-only, or read-write and whether it was contended
     * @param outcome       how the client saw it end
     * @param reason        why it did not commit, as the coordinator said; null if none was given.
     *                      Aborts are counted by the reason's {@link AbortKind}.
     * @param latencyMicros from submission to the answer (or to giving up)
     * @param endMicros     when the answer came, on the clock the run's start was given in
     */
    public void record(TxnClass txnClass, TxnOutcome outcome, String reason, long latencyMicros, long endMicros) {
        switch (outcome) {
            case COMMITTED -> {
                long clamped = Math.min(Math.max(0, latencyMicros), LatencyDistribution.HIGHEST_TRACKABLE_MICROS);
                latencyRecorders.get(txnClass).recordValue(clamped);
                committed.increment();
                long interval = Math.max(0, endMicros - startMicros) / intervalMicros;
                commitsByInterval.computeIfAbsent(interval, k -> new LongAdder()).increment();
            }
            case ABORTED -> abortCounter(reason).increment();
            case REJECTED -> rejected.increment();
            case DROPPED -> dropped.increment();
            case UNKNOWN -> unknown.increment();
        }
    }

    /** One transaction the coordinator answered with {@code result}. */
    public void record(TxnClass txnClass, TxnResult result, long latencyMicros, long endMicros) {
        record(txnClass, TxnOutcome.of(result.outcome()), result.reason(), latencyMicros, endMicros);
    }

    /** Commits recorded so far. */
    public long committed() {
        return committed.sum();
    }

    /**
     * What was recorded up to now, covering the run from its start to {@code endMicros}: commits
     * that end later are counted but fall outside the throughput series. The Helios bound and
     * speculation success are not known here; set them with the summary's {@code with} methods.
     */
    public RegionSummary summarize(long endMicros) {
        long durationMicros = Math.max(0, endMicros - startMicros);
        long[] series = new long[ThroughputSeries.intervalCount(durationMicros, intervalMicros)];
        commitsByInterval.forEach((interval, count) -> {
            if (interval < series.length) {
                series[interval.intValue()] = count.sum();
            }
        });
        Map<String, Long> reasons = new TreeMap<>();
        abortsByReason.forEach((reason, count) -> reasons.put(reason, count.sum()));
        OutcomeCounts outcomes = new OutcomeCounts(committed.sum(), reasons, rejected.sum(), dropped.sum(),
                unknown.sum());
        return new RegionSummary(region, latencySnapshot(), outcomes, null, null,
                new ThroughputSeries(intervalMicros, durationMicros, series));
    }

    private Map<TxnClass, LatencyDistribution> latencySnapshot() {
        Map<TxnClass, LatencyDistribution> latency = new EnumMap<>(TxnClass.class);
        // The interval histograms are drained into latencySoFar, so concurrent summaries must take turns.
        synchronized (latencySoFar) {
            for (TxnClass c : TxnClass.values()) {
                Histogram soFar = latencySoFar.get(c);
                soFar.add(latencyRecorders.get(c).getIntervalHistogram());
                latency.put(c, LatencyDistribution.of(soFar));
            }
        }
        return latency;
    }

    private LongAdder abortCounter(String reason) {
        String key = reason == null || reason.isBlank() ? UNSPECIFIED_REASON : AbortKind.of(reason);
        LongAdder counter = abortsByReason.get(key);
        if (counter != null) {
            return counter;
        }
        if (abortsByReason.size() >= MAX_ABORT_REASONS) {
            key = OTHER_REASONS;
        }
        return abortsByReason.computeIfAbsent(key, k -> new LongAdder());
    }
}
