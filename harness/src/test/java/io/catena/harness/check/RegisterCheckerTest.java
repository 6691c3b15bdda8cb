package io.catena.harness.check;

import static io.catena.harness.check.ListAppendCheckerTest.assertOnly;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RegisterCheckerTest {

    private final RegisterChecker checker = new RegisterChecker();

    @Test
    void readsOfWrittenValuesOfTransactionsThatMayHaveCommittedAreFine() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").write("r", "T1").committed()
                .txn("T2").write("r", "T2").unknown()
                .txn("T3").readRegister("r", "T1").readNull("s").committed()
                .txn("T4").readRegister("r", "T2").committed()
                .txn("T5").write("s", "T5").readRegister("s", "T5").committed()
                .build());

        assertThat(report.anomalies()).as(report.toString()).isZero();
        assertThat(report.info()).containsEntry("register-reads", 3L);
    }

    @Test
    void readingAValueWrittenOnlyByAnAbortedTransactionIsG1a() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").write("r", "T1").aborted()
                .txn("T2").readRegister("r", "T1").committed()
                .build());

        assertOnly(report, Anomaly.G1A);
        assertThat(report.examples(Anomaly.G1A)).singleElement().asString()
                .contains("T2 read \"T1\", written by T1, which was aborted");
    }

    @Test
    void readingAValueNobodyWroteIsAGarbageRead() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").write("r", "T1").committed()
                .txn("T2").readRegister("r", "T9").committed()
                .build());

        assertOnly(report, Anomaly.GARBAGE_READ);
        assertThat(report.examples(Anomaly.GARBAGE_READ)).singleElement().asString()
                .contains("T2 read \"T9\", but nobody wrote it");
    }

    @Test
    void aRegisterNobodyWritesCannotBeJudgedWithoutItsInitialValue() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").readBalance("accounts/a7", 1000).readRegister("regs/r", "initial").committed()
                .build());

        assertThat(report.anomalies()).as(report.toString()).isZero();
        assertThat(report.info()).containsEntry("register-reads", 2L).containsEntry("register-reads-unjudged", 2L);
    }

    @Test
    void withTheInitialValuesKnownAReadIsOfAnInitialOrAWrittenValueOrGarbage() {
        RegisterChecker knowing = new RegisterChecker(Set.of(), Map.of("regs/r", OpValue.of("initial"),
                "regs/s", OpValue.of(7)));

        CheckReport report = knowing.check(new HistoryBuilder()
                .txn("T1").readRegister("regs/r", "initial").readBalance("regs/s", 7).committed()
                .txn("T2").write("regs/r", "T2").committed()
                .txn("T3").readRegister("regs/r", "T2").readBalance("regs/s", 8).committed()
                .txn("T4").readRegister("regs/u", "made-up").committed()
                .build());

        assertThat(report.anomalies()).isEqualTo(report.count(Anomaly.GARBAGE_READ)).isEqualTo(2);
        assertThat(report.examples(Anomaly.GARBAGE_READ)).anySatisfy(e -> assertThat(e).contains("T3 read 8"))
                .anySatisfy(e -> assertThat(e).contains("T4 read \"made-up\""));
        assertThat(report.info()).containsEntry("register-reads-initial", 2L)
                .containsEntry("register-reads-unjudged", 0L);
    }

    @Test
    void readsOfTransactionsThatDidNotCommitAreNotChecked() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").readRegister("r", "T9").aborted()
                .txn("T2").readRegister("r", "T9").unknown()
                .build());

        assertThat(report.anomalies()).isZero();
    }

    @Test
    void countersAndAccountsAreNotRegisters() {
        CheckReport report = new RegisterChecker(Set.of("a1"), null).check(new HistoryBuilder()
                .txn("T1").add("c", 5).committed()
                .txn("T2").readBalance("c", 5).readBalance("a1", 100).committed()
                .build());

        assertThat(report.anomalies()).as(report.toString()).isZero();
    }
}
