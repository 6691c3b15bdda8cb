package io.catena.harness.check;

import static io.catena.harness.check.ListAppendCheckerTest.assertOnly;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BankCheckerTest {

    private static final BankInvariant BANK = BankInvariant.of(Set.of("a1", "a2", "a3"), 100);

    @Test
    void balanceReadsThatAddUpPass() {
        CheckReport report = new BankChecker(BANK).check(new HistoryBuilder()
                .txn("T1").readBalance("a1", 50).readBalance("a2", 50).readNull("a3").committed()
                .txn("T2").add("a1", -5).add("a3", 5).committed()
                .txn("T3").readBalance("a1", 45).readBalance("a2", 50).readBalance("a3", 5).committed()
                .build());

        assertThat(report.anomalies()).as(report.toString()).isZero();
        assertThat(report.info()).containsEntry("bank-balance-reads", 2L);
    }

    @Test
    void aTransferReadingAfterItsOwnAddIsJudgedOnTheStateItStartedFrom() {
        CheckReport report = new BankChecker(BANK).check(new HistoryBuilder()
                .txn("T1").add("a1", -5).readBalance("a1", 45).readBalance("a2", 50).readBalance("a3", 0)
                .add("a2", 5).committed()
                .build());

        assertThat(report.anomalies()).as(report.toString()).isZero();
    }

    @Test
    void balancesThatDoNotAddUpAreAMismatch() {
        CheckReport report = new BankChecker(BANK).check(new HistoryBuilder()
                .txn("T1").readBalance("a1", 45).readBalance("a2", 50).committed()
                .txn("T2").readBalance("a1", 45).readBalance("a2", 50).readBalance("a3", 0).committed()
                .txn("T3").readBalance("a1", 40).readBalance("a2", 50).readBalance("a3", 0).aborted()
                .build());

        assertOnly(report, Anomaly.BANK_TOTAL_MISMATCH);
        assertThat(report.examples(Anomaly.BANK_TOTAL_MISMATCH)).singleElement().asString()
                .contains("T2 read balances adding up to 95, not 100");
    }

    @Test
    void aRegionWhoseFinalBalancesDoNotAddUpIsAMismatch() {
        BankInvariant bank = BANK.withFinalBalances(Map.of(
                "eu", Map.of("a1", 60L, "a2", 40L),
                "us", Map.of("a1", 60L, "a2", 45L, "a3", 0L)));

        CheckReport report = new BankChecker(bank).check(new HistoryBuilder().build());

        assertOnly(report, Anomaly.BANK_TOTAL_MISMATCH);
        assertThat(report.examples(Anomaly.BANK_TOTAL_MISMATCH)).singleElement().asString()
                .contains("region us add up to 105, not 100");
    }
}
