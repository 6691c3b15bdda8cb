package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import net.jqwik.api.constraints.Size;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencyDistributionTest {

    @Test
    void percentilesAreInMillisecondsAndNaNWhenEmpty() {
        LatencyDistribution d = SampleRuns.samples(1_000, 50, 2_000, 49, 9_000, 1);
        assertThat(d.count()).isEqualTo(100);
        assertThat(d.percentileMillis(50)).isCloseTo(1.0, within(0.001));
        assertThat(d.percentileMillis(99)).isCloseTo(2.0, within(0.002));
        assertThat(d.maxMillis()).isCloseTo(9.0, within(0.01));
        assertThat(LatencyDistribution.empty().percentileMillis(50)).isNaN();
        assertThat(LatencyDistribution.empty().cdf()).isEmpty();
    }

    @Test
    void theCdfStartsAtZeroAndEndsAtOne() {
        List<CdfPoint> cdf = SampleRuns.samples(1_000, 3, 5_000, 1).cdf();
        assertThat(cdf.get(0).fraction()).isZero();
        assertThat(cdf.get(0).millis()).isCloseTo(1.0, within(0.001));
        assertThat(cdf.get(1).fraction()).isCloseTo(0.75, within(1e-12));
        assertThat(cdf.get(cdf.size() - 1).fraction()).isEqualTo(1.0);
        assertThat(cdf).hasSize(3);
    }

    @Property(tries = 200)
    void theCdfIsMonotoneInBothCoordinates(@ForAll @Size(min = 1, max = 300) List<@LongRange(min = 0, max = 10_000_000) Long> micros) {
        List<CdfPoint> cdf = LatencyDistribution.ofMicros(micros.stream().mapToLong(Long::longValue).toArray()).cdf();
        for (int i = 1; i < cdf.size(); i++) {
            assertThat(cdf.get(i).millis()).isGreaterThanOrEqualTo(cdf.get(i - 1).millis());
            assertThat(cdf.get(i).fraction()).isGreaterThan(cdf.get(i - 1).fraction());
        }
        assertThat(cdf.get(cdf.size() - 1).fraction()).isEqualTo(1.0);
    }

    @Test
    void itCannotBeChangedThroughTheHistogramItWasMadeFromOrGivesOut() {
        Histogram source = new Histogram(3);
        source.recordValue(1_000);
        LatencyDistribution d = LatencyDistribution.of(source);
        source.recordValue(2_000);
        d.histogram().recordValue(3_000);
        assertThat(d.count()).isEqualTo(1);
    }

    @Test
    void plusHoldsBothSetsOfSamples() {
        Random random = new Random(7);
        LatencyDistribution a = LatencyDistribution.ofMicros(random.longs(500, 1, 200_000).toArray());
        LatencyDistribution b = LatencyDistribution.ofMicros(random.longs(300, 1, 200_000).toArray());
        LatencyDistribution sum = a.plus(b);
        assertThat(sum.count()).isEqualTo(800);
        assertThat(sum.maxMillis()).isEqualTo(Math.max(a.maxMillis(), b.maxMillis()));
    }

    @Test
    void samplesOutOfRangeAreClampedNotThrown() {
        LatencyDistribution d = LatencyDistribution.ofMicros(-5, Long.MAX_VALUE);
        assertThat(d.count()).isEqualTo(2);
        assertThat(d.maxMillis()).isCloseTo(LatencyDistribution.HIGHEST_TRACKABLE_MICROS / 1000.0,
                within(LatencyDistribution.HIGHEST_TRACKABLE_MICROS / 1000.0 * 0.001));
    }
}
