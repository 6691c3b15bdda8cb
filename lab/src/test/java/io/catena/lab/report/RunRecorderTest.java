package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.harness.check.TxnOutcome;
import io.catena.harness.record.TxnClass;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

class RunRecorderTest {

    private static final long S = 1_000_000;

    @Test
    void regionsAreSummarizedInTheirOrderAndCommitsAddUp() {
        RunRecorder run = new RunRecorder(List.of("b", "a", "c"), 0, S);
        run.region("a").record(TxnClass.READ_ONLY, TxnOutcome.COMMITTED, null, 1_000, 10);
        run.region("c").record(TxnClass.READ_ONLY, TxnOutcome.COMMITTED, null, 1_000, 10);
        run.region("c").record(TxnClass.READ_ONLY, TxnOutcome.ABORTED, "x", 1_000, 10);
        assertThat(run.committed()).isEqualTo(2);
        assertThat(run.summarize(S)).extracting(RegionSummary::region).containsExactly("b", "a", "c");
        assertThat(run.summarize(S).get(2).outcomes().total()).isEqualTo(2);
    }

    @Test
    void unknownAndRepeatedRegionsAreRefusedByName() {
        assertThatThrownBy(() -> new RunRecorder(List.of("a", "a"), 0, S)).hasMessageContaining("twice");
        assertThatThrownBy(() -> new RunRecorder(List.of(), 0, S)).isInstanceOf(IllegalArgumentException.class);
        RunRecorder run = new RunRecorder(List.of("a"), 0, S);
        assertThatThrownBy(() -> run.region("z")).hasMessageContaining("[a]");
    }

    /** The recorder against a plain model: counts per outcome, per class and per interval. */
    @Property(tries = 100)
    void summariesAgreeWithASimpleModel(@ForAll long seed) {
        Random random = new Random(seed);
        long start = random.nextInt(1_000_000);
        long end = start + 1 + random.nextInt(10 * (int) S);
        RunRecorder run = new RunRecorder(List.of("r"), start, S);
        Map<TxnOutcome, Long> byOutcome = new HashMap<>();
        Map<TxnClass, Long> commitsByClass = new HashMap<>();
        long[] series = new long[ThroughputSeries.intervalCount(end - start, S)];
        for (int i = random.nextInt(500); i > 0; i--) {
            TxnOutcome outcome = TxnOutcome.values()[random.nextInt(TxnOutcome.values().length)];
            TxnClass c = TxnClass.values()[random.nextInt(TxnClass.values().length)];
            long at = start - S + (long) (random.nextDouble() * (end - start + 2 * S));
            run.region("r").record(c, outcome, "reason" + random.nextInt(3), random.nextInt(500_000), at);
            byOutcome.merge(outcome, 1L, Long::sum);
            if (outcome == TxnOutcome.COMMITTED) {
                commitsByClass.merge(c, 1L, Long::sum);
                long interval = Math.max(0, at - start) / S;
                if (interval < series.length) {
                    series[(int) interval]++;
                }
            }
        }
        RegionSummary s = run.summarize(end).get(0);
        assertThat(s.outcomes().committed()).isEqualTo(byOutcome.getOrDefault(TxnOutcome.COMMITTED, 0L));
        assertThat(s.outcomes().aborted()).isEqualTo(byOutcome.getOrDefault(TxnOutcome.ABORTED, 0L));
        assertThat(s.outcomes().rejected()).isEqualTo(byOutcome.getOrDefault(TxnOutcome.REJECTED, 0L));
        assertThat(s.outcomes().dropped()).isEqualTo(byOutcome.getOrDefault(TxnOutcome.DROPPED, 0L));
        assertThat(s.outcomes().unknown()).isEqualTo(byOutcome.getOrDefault(TxnOutcome.UNKNOWN, 0L));
        for (TxnClass c : TxnClass.values()) {
            assertThat(s.latency(c).count()).isEqualTo(commitsByClass.getOrDefault(c, 0L));
        }
        assertThat(s.throughput()).isEqualTo(new ThroughputSeries(S, end - start, series));
    }
}
