package io.catena.lab.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import io.catena.lab.report.Check;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Failover figures from a made-up run: two kills, each taken over, the clients' first commit after each. */
class FailoversTest {

    private static final String US = "us-central1";

    @Test
    void eachFailoverIsMeasuredFromTheDeathToTheTakeoverAndToTheFirstCommitFromTheNewLeader() {
        List<FaultMark> marks = List.of(new FaultMark(10_000_000, false, "kill"), new FaultMark(14_000_000, true, "led"),
                new FaultMark(30_000_000, false, "kill"), new FaultMark(35_000_000, true, "led"));
        List<HistoryEvent> history = List.of(
                event(US, 9_000_000, 10_100_000L, TxnOutcome.COMMITTED),  // the old leader's last answer
                event(US, 11_000_000, 15_000_000L, TxnOutcome.COMMITTED), // the new leader's first
                event("europe-west1", 31_000_000, 31_500_000L, TxnOutcome.COMMITTED),
                event(US, 31_000_000, 37_000_000L, TxnOutcome.COMMITTED),
                event(US, 32_000_000, null, TxnOutcome.UNKNOWN));

        ScenarioFindings findings = Failovers.of(history, marks, US);

        assertThat(findings.lines()).containsExactly(
                "failovers of us-central1: 2; takeover (death to the standby serving) p50 4,000 ms, p99 (max of 2) "
                        + "5,000 ms; first commit from the new leader p50 5,000 ms, p99 (max of 2) 7,000 ms",
                "failover times, ms: takeover [4000, 5000], first commit [5000, 7000]",
                "transactions of us-central1 answered \"outcome unknown\": 1 (0.5 per failover)");
        assertThat(findings.checks()).allMatch(Check::passed);
    }

    @Test
    void aFailoverWithoutACommitAfterItFailsTheCheck() {
        List<FaultMark> marks = List.of(new FaultMark(10_000_000, false, "kill"), new FaultMark(14_000_000, true, "led"));
        ScenarioFindings findings = Failovers.of(List.of(event(US, 9_000_000, 9_500_000L, TxnOutcome.COMMITTED)),
                marks, US);
        assertThat(findings.checks()).noneMatch(Check::passed);
    }

    private static HistoryEvent event(String region, long invoked, Long completed, TxnOutcome outcome) {
        return new HistoryEvent(region + "-" + invoked, 1L, region, TxnType.READ_WRITE, invoked, completed, outcome,
                null, List.of());
    }
}
