package io.catena.lab.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The timeline of a made-up run: 10 s of load, a fault from 3.6 s to 6.6 s during which only
 * us-central1 commits, and commits everywhere again after it.
 */
class FaultTimelineTest {

    private static final long START = 1_000_000_000L;
    private static final long SECOND = 1_000_000L;
    private static final List<FaultMark> MARKS = List.of(new FaultMark(START + 3_600_000, false, "cut"),
            new FaultMark(START + 6_600_000, true, "restored"));

    @Test
    void countsEachSecondsCommitsPerRegionAndPlacesItInItsPhase() {
        FaultTimeline timeline = FaultTimeline.of(history(), START, MARKS);

        assertThat(timeline.seconds()).hasSize(10);
        FaultTimeline.Second second4 = timeline.seconds().get(4);
        assertThat(second4.phase()).isEqualTo(FaultTimeline.Phase.FAULT);
        assertThat(second4.byRegion()).containsExactly(1L, 0L, 0L);
        assertThat(timeline.seconds().get(3).phase()).as("the second the fault began in").isEqualTo(
                FaultTimeline.Phase.FAULT);
        assertThat(timeline.seconds().get(3).marks()).isEqualTo("fault: cut");
        assertThat(timeline.seconds().get(2).phase()).isEqualTo(FaultTimeline.Phase.BEFORE);
        assertThat(timeline.seconds().get(7).phase()).isEqualTo(FaultTimeline.Phase.AFTER);
        assertThat(timeline.seconds().get(1).committed()).isEqualTo(3);
        assertThat(timeline.seconds().get(1).p50Millis()).isEqualTo(100.0);
    }

    @Test
    void givesEachPhaseItsRateDipAndLatencies() {
        FaultTimeline timeline = FaultTimeline.of(history(), START, MARKS);

        FaultTimeline.PhaseFigures fault = timeline.phase(FaultTimeline.Phase.FAULT);
        assertThat(fault.seconds()).isEqualTo(3.0);
        assertThat(fault.commitsPerSecond()).isEqualTo(1.0);
        assertThat(fault.minCommitsPerSecond()).isEqualTo(1);
        FaultTimeline.PhaseFigures after = timeline.phase(FaultTimeline.Phase.AFTER);
        assertThat(after.maxMillis()).as("the transaction held through the fault").isEqualTo(4_000.0);
        assertThat(after.p50Millis()).isEqualTo(100.0);
    }

    @Test
    void givesEachRegionsFirstCommitAfterTheHeal() {
        FaultTimeline timeline = FaultTimeline.of(history(), START, MARKS);

        assertThat(timeline.firstCommitAfterHealMillis()).containsExactly(900.0, 100.0, 500.0);
    }

    @Test
    void percentilesAreNearestRankAndUndefinedWithoutCommits() {
        long[] latencies = {1_000, 2_000, 3_000, 4_000};
        assertThat(FaultTimeline.percentileMillis(latencies, 0.5)).isEqualTo(2.0);
        assertThat(FaultTimeline.percentileMillis(latencies, 0.99)).isEqualTo(4.0);
        assertThat(FaultTimeline.percentileMillis(new long[0], 0.5)).isNaN();
    }

    /**
     * One commit of 100 ms ending at x.5 s in every region and second, except that during the
     * fault only us-central1 commits (the last at 6.5 s, before the heal); europe-west1's
     * transaction sent at 2.7 s ends 0.1 s after the heal, asia-east1's first after it 0.5 s
     * after (its commit at 7.5 s left out), us-central1's 0.9 s after.
     */
    private static List<HistoryEvent> history() {
        List<HistoryEvent> events = new ArrayList<>();
        for (int s = 0; s < 10; s++) {
            long end = START + s * SECOND + 500_000;
            boolean fault = s >= 4 && s <= 6;
            events.add(commit("us-central1", end - 100_000, end));
            if (!fault) {
                events.add(commit("europe-west1", end - 100_000, end));
                events.add(commit("asia-east1", end - 100_000, end));
            }
        }
        events.add(commit("europe-west1", START + 2_700_000, START + 6_700_000));
        events.add(commit("asia-east1", START + 6_900_000, START + 7_100_000));
        events.removeIf(e -> e.region().equals("asia-east1") && e.completeMicros() == START + 7_500_000);
        return events;
    }

    private static HistoryEvent commit(String region, long invokeMicros, long completeMicros) {
        return new HistoryEvent(region + "-" + invokeMicros, 1L, region, TxnType.READ_WRITE, invokeMicros,
                completeMicros, TxnOutcome.COMMITTED, null, List.of());
    }
}
