package io.catena.harness.check;

import static io.catena.harness.check.ListAppendCheckerTest.assertOnly;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AgreedTotalCheckerTest {

    @Test
    void fullReadsOfACounterTableThatAgreeOnItsTotalPass() {
        CheckReport report = HistoryChecker.create().check(new HistoryBuilder()
                .txn("T1").readBalance("accounts/a1", 100).readBalance("accounts/a2", 100)
                .readBalance("accounts/a3", 100).committed()
                .txn("T2").add("accounts/a1", -5).add("accounts/a2", 5).committed()
                .txn("T3").readBalance("accounts/a1", 95).readBalance("accounts/a2", 105)
                .readBalance("accounts/a3", 100).committed()
                .build());

        assertThat(report.anomalies()).as(report.toString()).isZero();
        assertThat(report.info()).containsEntry("counter-table-full-reads", 2L);
    }

    /** Issue 20, bug 2, without a header: the bank's total is unknown, but audits must agree on it. */
    @Test
    void aFullReadThatDisagreesWithTheMostCommonTotalIsAMismatchNamingIt() {
        CheckReport report = HistoryChecker.create().check(new HistoryBuilder()
                .txn("T1").add("accounts/a1", -5).add("accounts/a2", 5).committed()
                .txn("A1").readBalance("accounts/a1", 95).readBalance("accounts/a2", 105)
                .readBalance("accounts/a3", 100).committed()
                .txn("A2").readBalance("accounts/a1", 95).readBalance("accounts/a2", 106)
                .readBalance("accounts/a3", 100).committed()
                .txn("A3").readBalance("accounts/a1", 100).readBalance("accounts/a2", 100)
                .readBalance("accounts/a3", 100).committed()
                .txn("P").readBalance("accounts/a1", 1).readBalance("accounts/a2", 2).committed()
                .txn("X").readBalance("accounts/a1", 1).readBalance("accounts/a2", 2)
                .readBalance("accounts/a3", 3).aborted()
                .build());

        assertOnly(report, Anomaly.BANK_TOTAL_MISMATCH);
        assertThat(report.examples(Anomaly.BANK_TOTAL_MISMATCH)).singleElement().asString()
                .contains("A2 read accounts adding up to 301, not the 300 that 2 other full reads saw");
    }

    @Test
    void aTransferReadingAfterItsOwnAddIsJudgedOnTheStateItStartedFrom() {
        CheckReport report = HistoryChecker.create().check(new HistoryBuilder()
                .txn("A1").readBalance("accounts/a1", 50).readBalance("accounts/a2", 50).committed()
                .txn("T1").add("accounts/a1", -5).readBalance("accounts/a1", 45).readBalance("accounts/a2", 50)
                .add("accounts/a2", 5).committed()
                .build());

        assertThat(report.anomalies()).as(report.toString()).isZero();
        assertThat(report.info()).containsEntry("counter-table-full-reads", 2L);
    }

    @Test
    void aConfiguredBankReplacesTheAgreement() {
        CheckReport report = HistoryChecker.builder()
                .bank(BankInvariant.of(java.util.Set.of("accounts/a1", "accounts/a2"), 100)).build()
                .check(new HistoryBuilder()
                        .txn("T1").add("accounts/a1", -5).add("accounts/a2", 5).committed()
                        .txn("A1").readBalance("accounts/a1", 45).readBalance("accounts/a2", 55).committed()
                        .build());

        assertThat(report.anomalies()).as(report.toString()).isZero();
        assertThat(report.info()).doesNotContainKey("counter-table-full-reads");
    }
}
