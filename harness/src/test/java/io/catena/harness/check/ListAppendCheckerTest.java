package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ListAppendCheckerTest {

    private final ListAppendChecker checker = new ListAppendChecker();

    /** Serial order T3, T1, T2, T4, T5, T6; T5 is unknown but observed, T7 aborted and unseen. */
    private static List<HistoryEvent> serializableWithEveryEdgeType() {
        return new HistoryBuilder()
                .txn("T1").append("x", 1).append("y", 10).committed()
                .txn("T2").read("x", 1).append("x", 2).committed()
                .txn("T3").read("y").committed()
                .txn("T4").read("x", 1, 2).read("y", 10).committed()
                .txn("T5").append("x", 3).unknown()
                .txn("T6").read("x", 1, 2, 3).readNull("z").committed()
                .txn("T7").append("x", 99).aborted()
                .build();
    }

    @Test
    void aSerializableHistoryWithEveryEdgeTypeHasNoAnomaly() {
        CheckReport report = checker.check(serializableWithEveryEdgeType());

        assertThat(report.anomalies()).as(report.toString()).isZero();
        assertThat(report.info()).containsEntry("edges-ww", 2L).containsEntry("edges-rw", 2L)
                .containsEntry("unknown-observed-committed", 1L);
        // wr: T1->T2, T2->T4, T1->T4, T5->T6
        assertThat(report.info()).containsEntry("edges-wr", 4L);
    }

    @Test
    void theResultDoesNotDependOnLineOrder() {
        List<HistoryEvent> shuffled = new ArrayList<>(serializableWithEveryEdgeType());
        Collections.shuffle(shuffled, new Random(7));
        assertThat(checker.check(shuffled).info()).isEqualTo(checker.check(serializableWithEveryEdgeType()).info());
    }

    @Test
    void aCycleOfAppendOrdersIsG0() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).append("y", 2).committed()
                .txn("T2").append("x", 3).append("y", 4).committed()
                .txn("T3").read("x", 1, 3).read("y", 4, 2).committed()
                .build());

        assertOnly(report, Anomaly.G0);
        assertThat(report.examples(Anomaly.G0)).singleElement().asString()
                .contains("T1 -ww[x]-> T2 -ww[y]-> T1");
    }

    @Test
    void readingAnAbortedAppendIsG1a() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).aborted()
                .txn("T2").read("x", 1).committed()
                .build());

        assertOnly(report, Anomaly.G1A);
        assertThat(report.examples(Anomaly.G1A)).singleElement().asString()
                .contains("T2 read [1]").contains("appended by T1, which was aborted");
    }

    @Test
    void readingAnAppendTheWriterFollowedWithAnotherIsG1b() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).append("x", 2).committed()
                .txn("T2").read("x", 1).committed()
                .build());

        assertOnly(report, Anomaly.G1B);
        assertThat(report.examples(Anomaly.G1B)).singleElement().asString()
                .contains("T2 read [1]").contains("intermediate append of T1");
    }

    @Test
    void readingOnesOwnIntermediateAppendIsFine() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).read("x", 1).append("x", 2).committed()
                .txn("T2").read("x", 1, 2).committed()
                .build());

        assertThat(report.anomalies()).as(report.toString()).isZero();
    }

    @Test
    void eachReadingTheOthersAppendIsG1c() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).read("y", 2).committed()
                .txn("T2").append("y", 2).read("x", 1).committed()
                .build());

        assertOnly(report, Anomaly.G1C);
        assertThat(report.examples(Anomaly.G1C)).singleElement().asString()
                .containsAnyOf("T1 -wr[x]-> T2 -wr[y]-> T1", "T2 -wr[y]-> T1 -wr[x]-> T2");
    }

    @Test
    void writeSkewIsG2() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").read("x").read("y").append("x", 1).committed()
                .txn("T2").read("x").read("y").append("y", 2).committed()
                .txn("T3").read("x", 1).read("y", 2).committed()
                .build());

        assertOnly(report, Anomaly.G2);
        assertThat(report.examples(Anomaly.G2)).singleElement().asString()
                .containsAnyOf("T1 -rw[y]-> T2 -rw[x]-> T1", "T2 -rw[x]-> T1 -rw[y]-> T2");
    }

    @Test
    void anIntermediateReadThatIsAlsoOverwrittenShowsBothG1bAndG2() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).append("x", 2).committed()
                .txn("T2").read("x", 1).committed()
                .txn("T3").read("x", 1, 2).committed()
                .build());

        assertThat(report.count(Anomaly.G1B)).isEqualTo(1);
        assertThat(report.count(Anomaly.G2)).isEqualTo(1);
        assertThat(report.examples(Anomaly.G2)).singleElement().asString()
                .contains("T2 -rw[x]-> T1 -wr[x]-> T2");
    }

    @Test
    void readsThatAreNotPrefixesOfOneOrderAreIncompatible() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).committed()
                .txn("T2").append("x", 2).committed()
                .txn("T3").read("x", 1, 2).committed()
                .txn("T4").read("x", 2, 1).committed()
                .build());

        assertOnly(report, Anomaly.INCOMPATIBLE_ORDER);
        assertThat(report.examples(Anomaly.INCOMPATIBLE_ORDER)).singleElement().asString()
                .contains("T4 read [2, 1]").contains("T3 read [1, 2]");
    }

    @Test
    void aRepeatedElementIsADuplicate() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).committed()
                .txn("T2").read("x", 1, 1).committed()
                .build());

        assertOnly(report, Anomaly.DUPLICATE_ELEMENTS);
        assertThat(report.examples(Anomaly.DUPLICATE_ELEMENTS)).singleElement().asString()
                .contains("T2 read [1, 1]");
    }

    @Test
    void aValueNobodyAppendedIsAGarbageRead() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).committed()
                .txn("T2").read("x", 1, 99).committed()
                .build());

        assertOnly(report, Anomaly.GARBAGE_READ);
        assertThat(report.examples(Anomaly.GARBAGE_READ)).singleElement().asString()
                .contains("T2 read [1, 99]").contains("nobody appended 99");
    }

    @Test
    void anUnknownTransactionWhoseAppendWasSeenTakesPartInCycles() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).read("y", 2).committed()
                .txn("U2").append("y", 2).append("x", 3).unknown()
                .txn("T3").read("x", 1, 3).committed()
                .build());

        assertOnly(report, Anomaly.G1C);
        assertThat(report.examples(Anomaly.G1C)).singleElement().asString()
                .contains("U2 -wr[y]-> T1 -ww[x]-> U2");
    }

    @Test
    void readsOfTransactionsThatDidNotCommitAreIgnored() {
        CheckReport report = checker.check(new HistoryBuilder()
                .txn("T1").append("x", 1).committed()
                .txn("T2").read("x", 7, 7).aborted()
                .txn("T3").read("x", 5).unknown()
                .build());

        assertThat(report.anomalies()).as(report.toString()).isZero();
    }

    @Test
    void finalListsJoinTheVersionOrderAndMustAgreeWithReads() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("T1").append("x", 1).committed()
                .txn("T2").append("x", 2).committed()
                .txn("T3").read("x", 2).committed()
                .build();
        FinalLists finals = new FinalLists(Map.of("eu", Map.of("x", List.of(1L, 2L))));

        CheckReport report = new ListAppendChecker(finals).check(history);

        assertOnly(report, Anomaly.INCOMPATIBLE_ORDER);
        assertThat(report.examples(Anomaly.INCOMPATIBLE_ORDER)).singleElement().asString()
                .contains("T3 read [2]").contains("the final list of region eu is [1, 2]");
    }

    @Test
    void anAbortedAppendInAFinalListIsG1a() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("T1").append("x", 1).aborted()
                .build();
        FinalLists finals = new FinalLists(Map.of("eu", Map.of("x", List.of(1L))));

        CheckReport report = new ListAppendChecker(finals).check(history);

        assertOnly(report, Anomaly.G1A);
        assertThat(report.examples(Anomaly.G1A)).singleElement().asString().contains("region eu");
    }

    @Test
    void aReadOfAListKeyThatIsNotAListIsAGarbageRead() {
        CheckReport report = checker.check(List.of(
                new HistoryBuilder().txn("T1").append("x", 1).committed().build().get(0),
                new HistoryEvent("T2", "r1", TxnType.READ_ONLY, 5_000, 5_010L, TxnOutcome.COMMITTED, null,
                        List.of(HistoryOp.read("x", OpValue.of(1))))));

        assertOnly(report, Anomaly.GARBAGE_READ);
    }

    @Test
    void aValueAppendedTwiceToOneKeyIsRejectedAsAMalformedHistory() {
        List<HistoryEvent> history = new HistoryBuilder()
                .txn("T1").append("x", 1).committed()
                .txn("T2").append("x", 1).committed()
                .build();

        assertThatThrownBy(() -> checker.check(history)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("value 1 is appended to x by both T1 and T2");
    }

    /** Asserts that {@code anomaly} was found once and nothing else was. */
    static void assertOnly(CheckReport report, Anomaly anomaly) {
        assertThat(report.count(anomaly)).as(report.toString()).isEqualTo(1);
        assertThat(report.anomalies()).as(report.toString()).isEqualTo(1);
        assertThat(report.examples()).as(report.toString()).hasSize(1);
    }
}
