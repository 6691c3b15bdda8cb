package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.harness.record.TxnClass;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Validation and derived figures of {@link RegionSummary}, {@link RunSummary}, {@link Check} and {@link ConfigFact}. */
class SummaryModelTest {

    private static RegionSummary region(String name) {
        return new RegionSummary(name, Map.of(), OutcomeCounts.NONE, null, null, SampleRuns.series(1));
    }

    @Test
    void everyClassHasADistributionEvenIfNoneWasGiven() {
        RegionSummary r = region("r");
        assertThat(r.latency()).containsOnlyKeys(TxnClass.values());
        assertThat(r.latency(TxnClass.CONFLICTING).isEmpty()).isTrue();
        assertThatThrownBy(() -> r.latency().put(TxnClass.READ_ONLY, LatencyDistribution.empty()))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void boundsAndFractionsOutOfRangeAreRefused() {
        RegionSummary r = region("r");
        assertThatThrownBy(() -> r.withHeliosBoundMillis(-1.0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> r.withHeliosBoundMillis(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> r.withSpeculationSuccess(1.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> region(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThat(r.withHeliosBoundMillis(2.5).withSpeculationSuccess(0.5))
                .extracting(RegionSummary::heliosBoundMillis, RegionSummary::speculationSuccess)
                .containsExactly(2.5, 0.5);
    }

    @Test
    void theTotalMergesLatenciesAndAddsCountsButHasNoBoundOrSpeculation() {
        RunSummary run = SampleRuns.threeRegions();
        RegionSummary total = run.total();
        assertThat(total.region()).isEqualTo(RunSummary.TOTAL_NAME);
        assertThat(total.latency(TxnClass.NON_CONFLICTING).count()).isEqualTo(350);
        assertThat(total.outcomes().committed()).isEqualTo(750);
        assertThat(total.throughput().total()).isEqualTo(750);
        assertThat(total.throughputPerSecond()).isEqualTo(250.0);
        assertThat(total.heliosBoundMillis()).isNull();
        assertThat(total.speculationSuccess()).isNull();
    }

    @Test
    void aRunNeedsATitleAndDistinctRegions() {
        assertThatThrownBy(() -> new RunSummary("t", List.of(), List.of(region("a"), region("a")), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("twice");
        assertThatThrownBy(() -> new RunSummary("t", List.of(), List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RunSummary("", List.of(), List.of(region("a")), List.of()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void checksSpellTheirFigures() {
        assertThat(Check.equal("bank total conserved", 1_000_000, 1_000_000))
                .isEqualTo(new Check("bank total conserved: 1,000,000 = 1,000,000", true));
        assertThat(Check.equal("bank total conserved", 999_950, 1_000_000))
                .isEqualTo(new Check("bank total conserved: 999,950 != 1,000,000", false));
        assertThat(SampleRuns.threeRegions().allChecksPassed()).isFalse();
        assertThatThrownBy(() -> Check.pass(" ")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ConfigFact("epoch", null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void figuresAreSpelledTheSameInEveryLocale() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY);
        try {
            assertThat(DisplayFormat.millis(1_052.46)).isEqualTo("1,052.5");
        } finally {
            Locale.setDefault(before);
        }
        assertThat(DisplayFormat.count(41_203)).isEqualTo("41,203");
        assertThat(DisplayFormat.millis(1_052.46)).isEqualTo("1,052.5");
        assertThat(DisplayFormat.millis(Double.NaN)).isEqualTo("-");
        assertThat(DisplayFormat.millis(null)).isEqualTo("-");
        assertThat(DisplayFormat.rate(3_402.4)).isEqualTo("3,402");
        assertThat(DisplayFormat.percent(0.9615)).isEqualTo("96.2%");
        assertThat(DisplayFormat.percent(null)).isEqualTo("-");
    }
}
