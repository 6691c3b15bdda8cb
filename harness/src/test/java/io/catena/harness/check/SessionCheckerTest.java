package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** What a session must see of itself: its own appends, and never less than it saw before. */
class SessionCheckerTest {

    @Test
    void aReadThatMissesItsSessionsEarlierAppendBreaksReadYourWrites() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("c1-1").session(1).append("x", 1).committed()
                .txn("c2-1").session(2).read("x", 1).append("x", 2).committed()
                .txn("c1-2").session(1).read("x").committed()
                .build();
        CheckReport report = HistoryChecker.create().check(history);
        assertThat(report.count(Anomaly.READ_YOUR_WRITES)).as(report.toString()).isEqualTo(1);
        assertThat(report.examples(Anomaly.READ_YOUR_WRITES)).singleElement().asString()
                .contains("c1-2 read []").contains("without 1");
    }

    @Test
    void aReadThatSeesLessThanTheSessionSawBeforeBreaksMonotonicReads() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("c2-1").session(2).append("x", 1).committed()
                .txn("c2-2").session(2).append("x", 2).committed()
                .txn("c1-1").session(1).read("x", 1, 2).committed()
                .txn("c1-2").session(1).read("x", 1).committed()
                .build();
        CheckReport report = HistoryChecker.create().check(history);
        assertThat(report.count(Anomaly.MONOTONIC_READS)).as(report.toString()).isEqualTo(1);
    }

    @Test
    void transactionsOfOneSessionThatOverlapAreNotOrdered() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("c1-1").session(1).startingAt(1_000).append("x", 1).committed()
                .txn("c1-2").session(1).startingAt(1_050).read("x").committed()
                .build();
        assertThat(HistoryChecker.create().check(history).valid()).isTrue();
    }

    @Test
    void otherSessionsAndUnknownOutcomesPromiseNothing() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("c1-1").session(1).append("x", 1).unknown()
                .txn("c2-1").session(2).append("x", 2).committed()
                .txn("c1-2").session(1).read("x").committed()
                .txn("c2-2").session(2).read("x", 2).committed()
                .build();
        CheckReport report = HistoryChecker.create().check(history);
        assertThat(report.count(Anomaly.READ_YOUR_WRITES) + report.count(Anomaly.MONOTONIC_READS))
                .as(report.toString()).isZero();
        assertThat(report.info()).containsEntry("sessions", 2L);
    }

    @Test
    void aHistoryWithoutSessionsIsNotCheckedForThem() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("c1-1").append("x", 1).committed()
                .txn("c1-2").read("x").committed()
                .build();
        CheckReport report = HistoryChecker.create().check(history);
        assertThat(report.count(Anomaly.READ_YOUR_WRITES)).isZero();
        assertThat(report.info()).containsEntry("sessions", 0L);
    }
}
