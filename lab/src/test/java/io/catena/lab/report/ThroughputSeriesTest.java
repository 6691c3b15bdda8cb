package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ThroughputSeriesTest {

    private static final long S = 1_000_000;

    @Test
    void aShortLastIntervalIsRatedOverItsOwnLength() {
        ThroughputSeries s = new ThroughputSeries(S, 2_500_000, new long[] {100, 100, 50});
        assertThat(s.size()).isEqualTo(3);
        assertThat(s.lengthMicros(2)).isEqualTo(500_000);
        assertThat(s.perSecond(2)).isCloseTo(100, within(1e-9));
        assertThat(s.meanPerSecond()).isCloseTo(100, within(1e-9));
        assertThat(s.startMicros(2)).isEqualTo(2 * S);
    }

    @Test
    void theCountsMustMatchTheDuration() {
        assertThatThrownBy(() -> new ThroughputSeries(S, 2_500_000, new long[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("3 intervals");
        assertThatThrownBy(() -> new ThroughputSeries(0, 0, new long[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ThroughputSeries(S, S, new long[] {-1}))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void itKeepsItsOwnCopyOfTheCounts() {
        long[] counts = {1, 2};
        ThroughputSeries s = new ThroughputSeries(S, 2 * S, counts);
        counts[0] = 99;
        assertThat(s.count(0)).isEqualTo(1);
        assertThat(s).isEqualTo(new ThroughputSeries(S, 2 * S, new long[] {1, 2}));
    }

    @Test
    void plusAddsIntervalsAndCoversTheLongerSeries() {
        ThroughputSeries a = new ThroughputSeries(S, 2 * S, new long[] {1, 2});
        ThroughputSeries b = new ThroughputSeries(S, 3 * S, new long[] {10, 20, 30});
        assertThat(a.plus(b)).isEqualTo(new ThroughputSeries(S, 3 * S, new long[] {11, 22, 30}));
        assertThat(b.plus(a)).isEqualTo(a.plus(b));
        assertThat(ThroughputSeries.empty(S).plus(a)).isEqualTo(a);
        assertThatThrownBy(() -> a.plus(ThroughputSeries.empty(2 * S))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anEmptySeriesHasNoRate() {
        assertThat(ThroughputSeries.empty(S).meanPerSecond()).isZero();
        assertThat(ThroughputSeries.empty(S).total()).isZero();
    }
}
