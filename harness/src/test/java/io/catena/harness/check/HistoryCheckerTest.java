package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HistoryCheckerTest {

    @Test
    void aCleanHistoryHasAZeroSummaryLine() {
        CheckReport report = HistoryChecker.create().check(new HistoryBuilder()
                .txn("T1").append("x", 1).write("r", "T1").committed()
                .txn("T2").read("x", 1).readRegister("r", "T1").committed()
                .build());

        assertThat(report.summaryLine()).isEqualTo("anomalies=0 G0=0 G1a=0 G1b=0 G1c=0 G2=0 lost=0");
        assertThat(report.valid()).isTrue();
        assertThat(report.info()).containsEntry("txns", 2L).containsEntry("committed", 2L);
    }

    @Test
    void everyApplicableCheckerRunsAndTheSummaryNamesOtherAnomaliesFound() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("T1").append("x", 1).write("r", "T1").add("a1", -10).add("a2", 10).committed()
                .txn("T2").append("x", 2).aborted()
                .txn("T3").read("x", 1, 2).readRegister("r", "T9").readBalance("a1", 40).readBalance("a2", 50)
                .committed()
                .build();
        HistoryChecker checker = HistoryChecker.builder()
                .finalLists(new FinalLists(Map.of("eu", Map.of("x", List.of(2L)))))
                .bank(BankInvariant.of(Set.of("a1", "a2"), 100))
                .build();

        CheckReport report = checker.check(history);

        // G1a: T3 read T2's aborted 2, and so does eu's final list; incompatible: eu's [2] vs [1, 2];
        // lost: T1's 1 is not in eu's list; garbage: nobody wrote "T9"; bank: 40 + 50 != 100.
        assertThat(report.summaryLine()).isEqualTo("anomalies=6 G0=0 G1a=2 G1b=0 G1c=0 G2=0 lost=1"
                + " incompatible-order=1 garbage-read=1 bank-total-mismatch=1");
        assertThat(report.examples()).hasSize(6);
    }

    @Test
    void aHeaderDeclaresTheKindsTheInitialValuesAndTheBank() {
        HistoryHeader header = new HistoryHeader("bank:accounts=3", List.of("r1"), true,
                Map.of("accounts", KeyKind.COUNTER, "regs", KeyKind.REGISTER),
                List.of(new InitialValues("accounts/a{i}", 0, 2, OpValue.of(100)),
                        InitialValues.of("regs/r", OpValue.of("zero"))),
                new HistoryHeader.Bank("accounts", 300));
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("T1").add("accounts/a0", -10).add("accounts/a1", 10).committed()
                .txn("A1").readBalance("accounts/a0", 90).readBalance("accounts/a1", 110)
                .readBalance("accounts/a2", 100).readRegister("regs/r", "zero").committed()
                .txn("A2").readBalance("accounts/a0", 90).readBalance("accounts/a1", 110)
                .readBalance("accounts/a2", 101).committed()
                .build();

        CheckReport report = HistoryChecker.builder().header(header)
                .finalBalances(Map.of("r1", Map.of("accounts/a0", 90L, "accounts/a1", 110L, "accounts/a2", 100L)))
                .build().check(history);

        // a2 is only read, yet a counter: not a register nobody wrote; A2's 301 is not the header's 300.
        assertThat(report.summaryLine()).isEqualTo("anomalies=1 G0=0 G1a=0 G1b=0 G1c=0 G2=0 lost=0"
                + " bank-total-mismatch=1");
        assertThat(report.examples()).singleElement().asString().contains("A2 read balances adding up to 301, not 300");
        assertThat(report.info()).containsEntry("register-reads-initial", 1L).containsEntry("bank-balance-reads", 2L)
                .doesNotContainKey("counter-table-full-reads");
    }

    @Test
    void examplesAreCappedPerAnomalyButEveryAnomalyIsCounted() {
        HistoryBuilder builder = new HistoryBuilder();
        for (int i = 0; i < 7; i++) {
            builder.txn("T" + i).read("x", 100 + i).committed();
        }
        builder.txn("W").append("x", 1).committed();

        CheckReport report = HistoryChecker.create().check(builder.build());

        assertThat(report.count(Anomaly.GARBAGE_READ)).isEqualTo(7);
        assertThat(report.examples(Anomaly.GARBAGE_READ)).hasSize(CheckReport.DEFAULT_EXAMPLES_PER_ANOMALY)
                .allSatisfy(example -> assertThat(example).startsWith("garbage-read: x: T"));
        assertThat(HistoryChecker.builder().maxExamplesPerAnomaly(2).build().check(builder.build())
                .examples(Anomaly.GARBAGE_READ)).hasSize(2);
    }

    @Test
    void twoTransactionsWithOneIdAreAMalformedHistory() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("T1").append("x", 1).committed()
                .txn("T1").append("x", 2).committed()
                .build();

        assertThatThrownBy(() -> HistoryChecker.create().check(history))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("two transactions have the id \"T1\"");
    }
}
