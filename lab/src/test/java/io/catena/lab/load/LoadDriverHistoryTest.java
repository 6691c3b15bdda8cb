package io.catena.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.txn.TxnResult;
import io.catena.lab.report.RunRecorder;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.workload.Workload;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The driver's history holds every finished transaction in completion order, or nothing if not asked for. */
class LoadDriverHistoryTest {

    private static final int TRANSACTIONS = 500;

    @Test
    void theHistoryHoldsEveryFinishedTransactionInCompletionOrder() throws Exception {
        try (LoadDriver driver = driver(true)) {
            run(driver);

            List<HistoryEvent> history = driver.history();
            assertThat(history).hasSize((int) driver.finished()).hasSizeGreaterThanOrEqualTo(TRANSACTIONS);
            assertThat(driver.historySize()).isEqualTo(history.size());
            // The gateway answers at once and in order, so completion order is the order of its ids.
            for (int i = 0; i < history.size(); i++) {
                HistoryEvent e = history.get(i);
                assertThat(e.id()).isEqualTo("r" + (i + 1));
                assertThat(e.outcome()).isEqualTo(TxnOutcome.COMMITTED);
                assertThat(e.version()).isEqualTo("3.1");
                assertThat(e.region()).isEqualTo("us-central1");
                assertThat(e.ops()).isNotEmpty();
            }
            // Two clients in the one region: two sessions, numbered as their unique values are.
            assertThat(history).extracting(HistoryEvent::session).containsOnly(1L, 2L).contains(1L, 2L);
        }
    }

    @Test
    void aDriverThatDoesNotRecordKeepsNoHistory() throws Exception {
        try (LoadDriver driver = driver(false)) {
            run(driver);

            assertThat(driver.finished()).isGreaterThanOrEqualTo(TRANSACTIONS);
            assertThat(driver.history()).isEmpty();
            assertThat(driver.historySize()).isZero();
        }
    }

    private static LoadDriver driver(boolean recordHistory) {
        Workload workload = WorkloadSpec.parse("kv:records=100,min=1,max=3").create(1);
        AtomicLong answered = new AtomicLong();
        TxnGateway gateway = txn -> CompletableFuture.completedFuture(new GatewayReply("r" + answered.incrementAndGet(),
                TxnResult.committed(List.of(), Row.EMPTY), Version.of(3, 1), false));
        RunRecorder recorder = new RunRecorder(List.of("us-central1"), 0, 100_000);
        return new LoadDriver(workload, List.of("us-central1"), List.of(gateway), recorder, recordHistory);
    }

    private static void run(LoadDriver driver) throws InterruptedException {
        driver.start(2, 1);
        long deadlineNanos = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (driver.finished() < TRANSACTIONS && System.nanoTime() < deadlineNanos) {
            Thread.sleep(1);
        }
        driver.stopIssuing();
        assertThat(driver.awaitDrained(30, TimeUnit.SECONDS)).isTrue();
    }
}
