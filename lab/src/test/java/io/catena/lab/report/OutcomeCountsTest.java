package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OutcomeCountsTest {

    @Test
    void totalsAndAbortRateCountEveryEnding() {
        OutcomeCounts o = new OutcomeCounts(90, Map.of("funds", 4L, "check", 1L), 2, 2, 1);
        assertThat(o.aborted()).isEqualTo(5);
        assertThat(o.total()).isEqualTo(100);
        assertThat(o.abortRate()).isCloseTo(0.05, within(1e-12));
        assertThat(OutcomeCounts.NONE.abortRate()).isZero();
    }

    @Test
    void plusAddsReasonByReason() {
        OutcomeCounts a = new OutcomeCounts(1, Map.of("x", 1L, "y", 2L), 1, 0, 0);
        OutcomeCounts b = new OutcomeCounts(2, Map.of("y", 3L, "z", 4L), 0, 1, 5);
        OutcomeCounts sum = a.plus(b);
        assertThat(sum.committed()).isEqualTo(3);
        assertThat(sum.abortedByReason()).containsExactly(Map.entry("x", 1L), Map.entry("y", 5L), Map.entry("z", 4L));
        assertThat(sum.rejected() + sum.dropped() + sum.unknown()).isEqualTo(7);
    }

    @Test
    void reasonsAreCopiedSortedAndZeroCountsLeftOut() {
        Map<String, Long> reasons = new HashMap<>(Map.of("b", 1L, "a", 0L));
        OutcomeCounts o = new OutcomeCounts(0, reasons, 0, 0, 0);
        reasons.put("c", 7L);
        assertThat(o.abortedByReason()).containsOnlyKeys("b");
        assertThatThrownBy(() -> o.abortedByReason().put("d", 1L)).isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void negativeCountsAreRefused() {
        assertThatThrownBy(() -> new OutcomeCounts(-1, Map.of(), 0, 0, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new OutcomeCounts(0, Map.of("x", -2L), 0, 0, 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("aborted 'x'");
    }
}
