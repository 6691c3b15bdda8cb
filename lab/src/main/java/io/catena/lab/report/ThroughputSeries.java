package io.catena.lab.report;

import java.util.Arrays;

/**
 * Committed transactions per fixed interval of a run, from its start. The last interval may be
 * cut short by the end of the run; rates account for that, so a run of 30.5 s does not end in a
 * dip.
 */
public final class ThroughputSeries {

    private final long intervalMicros;
    private final long durationMicros;
    private final long[] counts;

    /**
     * @param intervalMicros the length of every interval but possibly the last
     * @param durationMicros how long the series covers; the intervals are
     *                       {@code ceil(durationMicros / intervalMicros)}
     * @param counts         committed transactions per interval, one per interval
     */
    public ThroughputSeries(long intervalMicros, long durationMicros, long[] counts) {
        if (intervalMicros <= 0) {
            throw new IllegalArgumentException("the interval must be positive, was " + intervalMicros + " us");
        }
        if (durationMicros < 0) {
            throw new IllegalArgumentException("the duration is negative: " + durationMicros + " us");
        }
        long expected = intervalCount(durationMicros, intervalMicros);
        if (counts.length != expected) {
            throw new IllegalArgumentException(durationMicros + " us in intervals of " + intervalMicros + " us are "
                    + expected + " intervals, not " + counts.length);
        }
        for (long c : counts) {
            if (c < 0) {
                throw new IllegalArgumentException("a negative count of commits: " + Arrays.toString(counts));
            }
        }
        this.intervalMicros = intervalMicros;
        this.durationMicros = durationMicros;
        this.counts = counts.clone();
    }

    /** An empty series of zero length. */
    public static ThroughputSeries empty(long intervalMicros) {
        return new ThroughputSeries(intervalMicros, 0, new long[0]);
    }

    /** How many intervals of {@code intervalMicros} cover {@code durationMicros}. */
    public static int intervalCount(long durationMicros, long intervalMicros) {
        return Math.toIntExact((durationMicros + intervalMicros - 1) / intervalMicros);
    }

    public long intervalMicros() {
        return intervalMicros;
    }

    public long durationMicros() {
        return durationMicros;
    }

    public int size() {
        return counts.length;
    }

    /** Committed transactions in interval {@code i}. */
    public long count(int i) {
        return counts[i];
    }

    /** When interval {@code i} starts, in microseconds from the start of the run. */
    public long startMicros(int i) {
        return i * intervalMicros;
    }

    /** How long interval {@code i} is: the interval, or less for a last interval cut short. */
    public long lengthMicros(int i) {
        return Math.min(intervalMicros, durationMicros - startMicros(i));
    }

    /** Commits per second during interval {@code i}. */
    public double perSecond(int i) {
        return counts[i] * 1e6 / lengthMicros(i);
    }

    /** All commits the series counts. */
    public long total() {
        return Arrays.stream(counts).sum();
    }

    /** Commits per second over the whole series; 0 for an empty one. */
    public double meanPerSecond() {
        return durationMicros == 0 ? 0 : total() * 1e6 / durationMicros;
    }

    /**
     * This series and {@code other} added interval by interval, covering the longer of the two;
     * both must use the same interval.
     */
    public ThroughputSeries plus(ThroughputSeries other) {
        if (other.intervalMicros != intervalMicros) {
            throw new IllegalArgumentException("cannot add series of " + intervalMicros + " us and "
                    + other.intervalMicros + " us intervals");
        }
        ThroughputSeries longer = other.durationMicros > durationMicros ? other : this;
        ThroughputSeries shorter = longer == this ? other : this;
        long[] sum = longer.counts.clone();
        for (int i = 0; i < shorter.counts.length; i++) {
            sum[i] += shorter.counts[i];
        }
        return new ThroughputSeries(intervalMicros, longer.durationMicros, sum);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ThroughputSeries s && s.intervalMicros == intervalMicros
                && s.durationMicros == durationMicros && Arrays.equals(s.counts, counts);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(intervalMicros) * 31 + Long.hashCode(durationMicros) * 17 + Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        return "ThroughputSeries[interval " + intervalMicros + " us, " + durationMicros + " us, "
                + Arrays.toString(counts) + "]";
    }
}
