package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A debit must go the way the balance its check compared says: commit if it was enough, abort if not. */
class DebitGuardsTest {

    private static final BankInvariant BANK = BankInvariant.of(Set.of("a", "b"), 200);

    @Test
    void aDebitCommittedOnAShortBalanceIsAGuardMismatch() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("t1").readBalance("a", 30).add("a", -50).add("b", 50).committed()
                .build();
        CheckReport report = new BankChecker(BANK).check(history);
        assertThat(report.count(Anomaly.GUARD_MISMATCH)).isEqualTo(1);
        assertThat(report.examples(Anomaly.GUARD_MISMATCH)).singleElement().asString()
                .contains("t1 committed a debit of 50 from a, whose check compared a balance of 30");
    }

    @Test
    void aDebitAbortedOnABalanceThatSufficedIsAGuardMismatch() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("t1").add("b", 50).readBalance("a", 80).add("a", -50).aborted()
                .build();
        assertThat(new BankChecker(BANK).check(history).count(Anomaly.GUARD_MISMATCH)).isEqualTo(1);
    }

    @Test
    void debitsThatWentTheWayTheirBalanceSaysAreClean() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("t1").readBalance("a", 100).add("a", -50).add("b", 50).committed()
                .txn("t2").readBalance("a", 50).add("a", -60).add("b", 60).aborted()
                .txn("t3").readNull("a").add("a", -60).add("b", 60).aborted()
                .build();
        CheckReport report = new BankChecker(BANK).check(history);
        assertThat(report.valid()).as(report.toString()).isTrue();
        assertThat(report.info()).containsEntry("bank-guards", 2L);
    }
}
