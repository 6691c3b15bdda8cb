package io.catena.lab.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.record.TxnClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RegionRecorderTest {

    private static final long START = 5_000_000;
    private static final long S = 1_000_000;

    @Test
    void commitsAreCountedPerIntervalAndTheirLatencyPerClass() {
        RegionRecorder r = new RegionRecorder("us-central1", START, S);
        r.record(TxnClass.NON_CONFLICTING, TxnOutcome.COMMITTED, null, 55_000, START + 100);
        r.record(TxnClass.NON_CONFLICTING, TxnOutcome.COMMITTED, null, 60_000, START + S + 100);
        r.record(TxnClass.CONFLICTING, TxnOutcome.COMMITTED, null, 120_000, START + S + 200);
        r.record(TxnClass.READ_ONLY, TxnOutcome.COMMITTED, null, 1_500, START + 2 * S + 5);
        RegionSummary s = r.summarize(START + 2 * S + 500_000);
        assertThat(s.region()).isEqualTo("us-central1");
        assertThat(s.outcomes().committed()).isEqualTo(4);
        assertThat(s.latency(TxnClass.NON_CONFLICTING).count()).isEqualTo(2);
        assertThat(s.latency(TxnClass.CONFLICTING).percentileMillis(50)).isBetween(120.0, 120.2);
        assertThat(s.latency(TxnClass.READ_ONLY).count()).isEqualTo(1);
        assertThat(s.throughput()).isEqualTo(new ThroughputSeries(S, 2_500_000, new long[] {1, 2, 1}));
        assertThat(s.heliosBoundMillis()).isNull();
        assertThat(s.speculationSuccess()).isNull();
    }

    @Test
    void otherEndingsAreCountedWithoutALatency() {
        RegionRecorder r = new RegionRecorder("r", START, S);
        r.record(TxnClass.CONFLICTING, TxnOutcome.ABORTED, "insufficient funds", 90_000, START + 1);
        r.record(TxnClass.CONFLICTING, TxnOutcome.ABORTED, "insufficient funds", 90_000, START + 2);
        r.record(TxnClass.CONFLICTING, TxnOutcome.ABORTED, null, 90_000, START + 3);
        r.record(TxnClass.NON_CONFLICTING, TxnOutcome.REJECTED, "unknown procedure", 1_000, START + 4);
        r.record(TxnClass.NON_CONFLICTING, TxnOutcome.DROPPED, "abandoned", 1_000, START + 5);
        r.record(TxnClass.READ_ONLY, TxnOutcome.UNKNOWN, null, 30_000_000, START + 6);
        RegionSummary s = r.summarize(START + S);
        assertThat(s.outcomes()).isEqualTo(new OutcomeCounts(0,
                Map.of("insufficient funds", 2L, RegionRecorder.UNSPECIFIED_REASON, 1L), 1, 1, 1));
        assertThat(s.latency().values()).allMatch(LatencyDistribution::isEmpty);
        assertThat(s.throughput().total()).isZero();
    }

    @Test
    void coordinatorResultsAreRecordedByTheirOutcomeAndReason() {
        RegionRecorder r = new RegionRecorder("r", START, S);
        r.record(TxnClass.NON_CONFLICTING, new TxnResult(Outcome.COMMITTED, null, List.of(), null), 50_000, START);
        r.record(TxnClass.NON_CONFLICTING, TxnResult.aborted("insufficient funds"), 50_000, START);
        r.record(TxnClass.NON_CONFLICTING, TxnResult.rejected("bad arguments"), 50_000, START);
        r.record(TxnClass.NON_CONFLICTING, TxnResult.dropped("abandoned"), 50_000, START);
        OutcomeCounts o = r.summarize(START + S).outcomes();
        assertThat(o).isEqualTo(new OutcomeCounts(1, Map.of("insufficient funds", 1L), 1, 1, 0));
    }

    @Test
    void abortsAreCountedByKindNotOneByOne() {
        RegionRecorder r = new RegionRecorder("r", START, S);
        for (int i = 0; i < 21; i++) {
            r.record(TxnClass.CONFLICTING, TxnOutcome.ABORTED, "bank/a" + i + ": balance >= " + (50 + i)
                    + " failed (balance is " + i + ")", 1, START);
        }
        r.record(TxnClass.CONFLICTING, TxnOutcome.ABORTED, "conflict: bank/a3: changed after the transaction read it",
                1, START);
        OutcomeCounts o = r.summarize(START + S).outcomes();
        assertThat(o.abortedByReason()).containsExactly(Map.entry("balance >= N failed", 21L),
                Map.entry("conflict: changed after the transaction read it", 1L));
    }

    @Test
    void abortReasonsStopGrowingAtTheCap() {
        RegionRecorder r = new RegionRecorder("r", START, S);
        int reasons = RegionRecorder.MAX_ABORT_REASONS + 10;
        for (int i = 0; i < reasons; i++) {
            String name = Character.toString('a' + i % 26) + Character.toString('a' + i / 26);
            r.record(TxnClass.CONFLICTING, TxnOutcome.ABORTED, "account " + name + " overdrawn", 1, START);
        }
        OutcomeCounts o = r.summarize(START + S).outcomes();
        assertThat(o.abortedByReason()).hasSizeLessThanOrEqualTo(RegionRecorder.MAX_ABORT_REASONS + 1)
                .containsEntry(RegionRecorder.OTHER_REASONS, 10L);
        assertThat(o.aborted()).isEqualTo(reasons);
    }

    @Test
    void commitsOutsideTheWindowCountButStayOutOfTheSeries() {
        RegionRecorder r = new RegionRecorder("r", START, S);
        r.record(TxnClass.READ_ONLY, TxnOutcome.COMMITTED, null, -3, START - 10);
        r.record(TxnClass.READ_ONLY, TxnOutcome.COMMITTED, null, Long.MAX_VALUE, START + 5 * S);
        RegionSummary s = r.summarize(START + 2 * S);
        assertThat(s.outcomes().committed()).isEqualTo(2);
        assertThat(s.throughput()).isEqualTo(new ThroughputSeries(S, 2 * S, new long[] {1, 0}));
        assertThat(s.latency(TxnClass.READ_ONLY).count()).isEqualTo(2);
    }

    @Test
    void summariesCanBeTakenRepeatedlyAndSeeEverythingBefore() {
        RegionRecorder r = new RegionRecorder("r", START, S);
        r.record(TxnClass.READ_ONLY, TxnOutcome.COMMITTED, null, 1_000, START);
        assertThat(r.summarize(START + S).latency(TxnClass.READ_ONLY).count()).isEqualTo(1);
        r.record(TxnClass.READ_ONLY, TxnOutcome.COMMITTED, null, 1_000, START);
        assertThat(r.summarize(START + S).latency(TxnClass.READ_ONLY).count()).isEqualTo(2);
        assertThat(r.summarize(START + S).latency(TxnClass.READ_ONLY).count()).isEqualTo(2);
    }

    @Test
    void concurrentWritersLoseNothingWhileSummariesAreTaken() throws Exception {
        RegionRecorder r = new RegionRecorder("r", 0, S);
        int writers = 4;
        int perWriter = 50_000;
        ExecutorService pool = Executors.newFixedThreadPool(writers + 1);
        try {
            CountDownLatch go = new CountDownLatch(1);
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    go.await();
                    for (int i = 0; i < perWriter; i++) {
                        TxnOutcome outcome = i % 10 == 0 ? TxnOutcome.ABORTED : TxnOutcome.COMMITTED;
                        r.record(TxnClass.values()[i % 3], outcome, "r" + writer, 1_000 + i, (i % 4) * S);
                    }
                    return null;
                }));
            }
            Future<?> reader = pool.submit(() -> {
                go.await();
                long last = 0;
                for (int i = 0; i < 50; i++) {
                    long committed = r.summarize(4 * S).outcomes().committed();
                    assertThat(committed).isGreaterThanOrEqualTo(last);
                    last = committed;
                }
                return null;
            });
            go.countDown();
            for (Future<?> f : done) {
                f.get(60, TimeUnit.SECONDS);
            }
            reader.get(60, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }
        RegionSummary s = r.summarize(4 * S);
        long commitsPerWriter = perWriter - perWriter / 10;
        assertThat(s.outcomes().committed()).isEqualTo(writers * commitsPerWriter);
        assertThat(s.outcomes().aborted()).isEqualTo(writers * (perWriter / 10));
        assertThat(s.latency().values().stream().mapToLong(LatencyDistribution::count).sum())
                .isEqualTo(writers * commitsPerWriter);
        assertThat(s.throughput().total()).isEqualTo(writers * commitsPerWriter);
        assertThat(r.committed()).isEqualTo(writers * commitsPerWriter);
    }
}
