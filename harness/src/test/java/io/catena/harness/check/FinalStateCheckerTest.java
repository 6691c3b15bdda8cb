package io.catena.harness.check;

import static io.catena.harness.check.ListAppendCheckerTest.assertOnly;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FinalStateCheckerTest {

    private static final List<HistoryEvent> HISTORY = new HistoryBuilder()
            .txn("T1").append("x", 1).committed()
            .txn("T2").append("x", 2).append("y", 3).committed()
            .txn("T3").append("x", 4).unknown()
            .txn("T4").append("y", 5).aborted()
            .build();

    @Test
    void finalListsHoldingEveryCommittedAppendAndAgreeingPass() {
        FinalLists finals = new FinalLists(Map.of(
                "eu", Map.of("x", List.of(1L, 2L), "y", List.of(3L)),
                "us", Map.of("x", List.of(1L, 2L), "y", List.of(3L))));

        CheckReport report = new FinalStateChecker(finals).check(HISTORY);

        assertThat(report.anomalies()).as(report.toString()).isZero();
        assertThat(report.info()).containsEntry("committed-appends", 3L);
    }

    @Test
    void aCommittedAppendMissingFromTheFinalListIsLost() {
        FinalLists finals = new FinalLists(Map.of("us", Map.of("x", List.of(1L, 2L))));

        CheckReport report = new FinalStateChecker(finals).check(HISTORY);

        assertOnly(report, Anomaly.LOST);
        assertThat(report.examples(Anomaly.LOST)).singleElement().asString()
                .contains("y: T2 appended 3 and committed, but the final list of region us lacks it: []");
    }

    @Test
    void aCommittedAppendMissingFromOneRegionIsLostThereAndDiverges() {
        FinalLists finals = new FinalLists(Map.of(
                "eu", Map.of("x", List.of(1L, 2L), "y", List.of(3L)),
                "us", Map.of("x", List.of(1L, 2L))));

        CheckReport report = new FinalStateChecker(finals).check(HISTORY);

        assertThat(report.lost()).as(report.toString()).isEqualTo(1);
        assertThat(report.examples(Anomaly.LOST)).singleElement().asString()
                .contains("T2 appended 3").contains("region us");
        assertThat(report.count(Anomaly.DIVERGENT_FINAL)).isEqualTo(1);
        assertThat(report.anomalies()).isEqualTo(2);
    }

    @Test
    void finalListsThatDifferBetweenRegionsDiverge() {
        FinalLists finals = new FinalLists(Map.of(
                "eu", Map.of("x", List.of(1L, 2L, 4L), "y", List.of(3L)),
                "us", Map.of("x", List.of(1L, 2L), "y", List.of(3L))));

        CheckReport report = new FinalStateChecker(finals).check(HISTORY);

        assertOnly(report, Anomaly.DIVERGENT_FINAL);
        assertThat(report.examples(Anomaly.DIVERGENT_FINAL)).singleElement().asString()
                .contains("x: the final list of region eu is [1, 2, 4] but that of region us is [1, 2]");
    }

    @Test
    void aCommittedAppendMissingFromEveryRegionIsLostOncePerRegion() {
        FinalLists finals = new FinalLists(Map.of(
                "eu", Map.of("x", List.of(2L), "y", List.of(3L)),
                "us", Map.of("x", List.of(2L), "y", List.of(3L))));

        CheckReport report = new FinalStateChecker(finals).check(HISTORY);

        assertThat(report.lost()).as(report.toString()).isEqualTo(2);
        assertThat(report.anomalies()).isEqualTo(2);
    }
}
