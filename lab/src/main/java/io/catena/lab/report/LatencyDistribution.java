package io.catena.lab.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * An immutable distribution of commit latencies in microseconds: a private copy of an
 * HdrHistogram that only answers questions, so a summary cannot change after it is built.
 */
public final class LatencyDistribution {

    /** The highest latency recorders keep apart: an hour; longer ones count as an hour. */
    public static final long HIGHEST_TRACKABLE_MICROS = 3_600_000_000L;
    /** The precision of every distribution, as the simulator's: three significant digits. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private static final LatencyDistribution EMPTY = new LatencyDistribution(newHistogram());

    private final Histogram histogram;

    private LatencyDistribution(Histogram histogram) {
        this.histogram = histogram;
    }

    /** A distribution with no samples. */
    public static LatencyDistribution empty() {
        return EMPTY;
    }

    /** A distribution holding a copy of {@code source}'s samples (microseconds). */
    public static LatencyDistribution of(AbstractHistogram source) {
        Histogram copy = newHistogram();
        copy.add(source);
        return new LatencyDistribution(copy);
    }

    /** A distribution of the given samples (microseconds), for tests and small runs. */
    public static LatencyDistribution ofMicros(long... samplesMicros) {
        Histogram h = newHistogram();
        for (long micros : samplesMicros) {
            h.recordValue(Math.min(Math.max(0, micros), HIGHEST_TRACKABLE_MICROS));
        }
        return new LatencyDistribution(h);
    }

    /** A new empty histogram of the precision reports use; it grows to whatever it is given. */
    static Histogram newHistogram() {
        return new Histogram(SIGNIFICANT_DIGITS);
    }

    public long count() {
        return histogram.getTotalCount();
    }

    public boolean isEmpty() {
        return count() == 0;
    }

    /** The latency at {@code percentile} (0 to 100) in milliseconds; NaN when there are no samples. */
    public double percentileMillis(double percentile) {
        return isEmpty() ? Double.NaN : histogram.getValueAtPercentile(percentile) / 1000.0;
    }

    /** The highest latency recorded, in milliseconds; NaN when there are no samples. */
    public double maxMillis() {
        return isEmpty() ? Double.NaN : histogram.getMaxValue() / 1000.0;
    }

    /**
     * The cumulative distribution: a point at 0 where the lowest bucket starts, then one point per
     * recorded bucket at its highest value, ending at fraction 1. Empty when there are no samples.
     */
    public List<CdfPoint> cdf() {
        List<CdfPoint> points = new ArrayList<>();
        if (isEmpty()) {
            return points;
        }
        double total = count();
        long lowest = histogram.lowestEquivalentValue(histogram.getMinValue());
        points.add(new CdfPoint(lowest / 1000.0, 0));
        for (HistogramIterationValue v : histogram.recordedValues()) {
            long upTo = histogram.highestEquivalentValue(v.getValueIteratedTo());
            points.add(new CdfPoint(upTo / 1000.0, Math.min(1, v.getTotalCountToThisValue() / total)));
        }
        return points;
    }

    /** A copy of the underlying histogram (microseconds), for merging or exporting. */
    public Histogram histogram() {
        return histogram.copy();
    }

    /** This distribution and {@code other}'s samples together. */
    public LatencyDistribution plus(LatencyDistribution other) {
        Histogram sum = newHistogram();
        sum.add(histogram);
        sum.add(other.histogram);
        return new LatencyDistribution(sum);
    }

    @Override
    public String toString() {
        return isEmpty() ? "LatencyDistribution[empty]" : String.format(Locale.ROOT,
                "LatencyDistribution[n=%d, p50=%.1f ms, p99=%.1f ms]", count(), percentileMillis(50),
                percentileMillis(99));
    }
}
