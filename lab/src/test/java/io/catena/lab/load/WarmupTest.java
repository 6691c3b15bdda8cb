package io.catena.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.txn.TxnResult;
import io.catena.server.host.MicrosClock;
import io.catena.lab.report.RunRecorder;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.workload.Workload;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** A warm-up runs the clients and keeps their history, but only what follows it is measured. */
class WarmupTest {

    @Test
    void transactionsOfTheWarmupAreInTheHistoryButNotInTheMeasurements() throws Exception {
        Workload workload = WorkloadSpec.parse("kv:records=100,min=1,max=1").create(1);
        AtomicLong answered = new AtomicLong();
        // Every transaction commits a millisecond after it is submitted.
        TxnGateway gateway = txn -> CompletableFuture.supplyAsync(() -> {
            answered.incrementAndGet();
            return new GatewayReply("r" + answered.get(), TxnResult.committed(List.of(), Row.EMPTY),
                    Version.of(1, 0), false);
        }, CompletableFuture.delayedExecutor(1, TimeUnit.MILLISECONDS));
        long measuredFrom = MicrosClock.system().nowMicros() + 300_000;
        RunRecorder recorder = new RunRecorder(List.of("r"), measuredFrom, 100_000);
        StringWriter text = new StringWriter();
        AtomicLong answeredAtMeasuringStart = new AtomicLong(-1);

        try (LoadDriver driver = new LoadDriver(workload, List.of("r"), List.of(gateway), recorder, true)) {
            boolean drained = TimedLoad.run(driver, recorder, Duration.ofMillis(300), 2, 1, new PrintWriter(text),
                    () -> answeredAtMeasuringStart.set(answered.get()));

            assertThat(drained).isTrue();
            assertThat(answeredAtMeasuringStart.get()).as("the warm-up ran transactions").isPositive();
            long measured = recorder.committed();
            assertThat(driver.history()).hasSize((int) driver.finished());
            // Without the warm-up every finished transaction would be measured.
            assertThat(measured).as("measured: only what was submitted after the warm-up")
                    .isPositive()
                    .isLessThan(driver.finished());
            assertThat(text.toString()).contains("warm-up [").contains("finished");
        }
    }
}
