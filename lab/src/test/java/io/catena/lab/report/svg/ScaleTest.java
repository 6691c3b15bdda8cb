package io.catena.lab.report.svg;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.junit.jupiter.api.Test;

class ScaleTest {

    @Test
    void linearScalesCoverTheirDataWithRoundTicks() {
        LinearScale s = LinearScale.covering(0, 3_402, 5);
        assertThat(s.min()).isZero();
        assertThat(s.max()).isEqualTo(3_500);
        assertThat(s.ticks()).extracting(Tick::label)
                .containsExactly("0", "500", "1,000", "1,500", "2,000", "2,500", "3,000", "3,500");
        assertThat(s.fraction(1_750)).isCloseTo(0.5, within(1e-12));
        assertThat(LinearScale.covering(3, 97, 4).ticks()).extracting(Tick::label)
                .containsExactly("0", "20", "40", "60", "80", "100");
        assertThat(LinearScale.covering(0, 1, 10).ticks()).extracting(Tick::label)
                .containsExactly("0", "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.8", "0.9", "1");
    }

    @Test
    void aLinearScaleOverNothingStillHasLength() {
        LinearScale s = LinearScale.covering(0, 0, 5);
        assertThat(s.max()).isGreaterThan(s.min());
        assertThatThrownBy(() -> new LinearScale(1, 1, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void logScalesRoundOutToOneTwoFiveValuesAndLabelThemAllWhenFew() {
        LogScale s = LogScale.covering(1.2, 160);
        assertThat(s.min()).isEqualTo(1);
        assertThat(s.max()).isEqualTo(200);
        assertThat(s.ticks()).extracting(Tick::label)
                .containsExactly("1", "2", "5", "10", "20", "50", "100", "200");
        assertThat(s.ticks()).filteredOn(Tick::major).extracting(Tick::value).containsExactly(1.0, 10.0, 100.0);
        assertThat(s.fraction(10)).isCloseTo(Math.log(10) / Math.log(200), within(1e-12));
    }

    @Test
    void wideLogScalesLabelOnlyPowersOfTen() {
        LogScale s = LogScale.covering(0.012, 4_000);
        assertThat(s.min()).isEqualTo(0.01);
        assertThat(s.max()).isEqualTo(5_000);
        assertThat(s.ticks()).filteredOn(t -> !t.label().isEmpty()).extracting(Tick::label)
                .containsExactly("0.01", "0.1", "1", "10", "100", "1,000");
    }

    @Test
    void aLogScaleOverOneValueStillHasLength() {
        LogScale s = LogScale.covering(5, 5);
        assertThat(s.min()).isEqualTo(5);
        assertThat(s.max()).isEqualTo(10);
        assertThatThrownBy(() -> LogScale.covering(0, 5)).isInstanceOf(IllegalArgumentException.class);
    }

    @Property(tries = 300)
    void scalesAreMonotoneAndClamped(@ForAll @DoubleRange(min = 0.01, max = 1e6) double low,
                                     @ForAll @DoubleRange(min = 1, max = 1e4) double ratio,
                                     @ForAll @DoubleRange(min = 0, max = 1) double a,
                                     @ForAll @DoubleRange(min = 0, max = 1) double b) {
        double high = low * ratio;
        for (Scale s : new Scale[] {LogScale.covering(low, high), LinearScale.covering(low, high, 6)}) {
            double va = low + a * (high - low);
            double vb = low + b * (high - low);
            assertThat(Math.signum(s.fraction(vb) - s.fraction(va))).isIn(Math.signum(vb - va), 0.0);
            assertThat(s.min()).isLessThanOrEqualTo(low);
            assertThat(s.max()).isGreaterThanOrEqualTo(high);
            assertThat(s.fraction(s.min() / 2 - 1)).isZero();
            assertThat(s.fraction(s.max() * 2 + 1)).isEqualTo(1.0);
            assertThat(s.ticks()).isNotEmpty().isSortedAccordingTo((x, y) -> Double.compare(x.value(), y.value()));
        }
    }
}
