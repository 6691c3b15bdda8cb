package io.catena.lab.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Appends from several threads at once: none is lost, none is torn or mixed with another, each
 * thread's own appends stay in its order, and a reader meanwhile sees a prefix of the final history.
 */
class HistorySpoolConcurrencyTest {

    private static final int THREADS = 6;
    private static final int EVENTS_PER_THREAD = 4_000;

    @Test
    void concurrentAppendsLoseNothingAndKeepEachEventIntact() throws Exception {
        // Small chunks, so that appends racing for the lock also cross chunk boundaries.
        HistorySpool spool = new HistorySpool(61);
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(THREADS + 1);
        try {
            List<Future<?>> appenders = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                appenders.add(threads.submit(() -> {
                    go.await();
                    for (int i = 0; i < EVENTS_PER_THREAD; i++) {
                        spool.append(event(thread, i));
                    }
                    return null;
                }));
            }
            Future<List<List<HistoryEvent>>> reader = threads.submit(() -> {
                go.await();
                List<List<HistoryEvent>> seen = new ArrayList<>();
                while (!appenders.stream().allMatch(Future::isDone)) {
                    seen.add(spool.events());
                }
                return seen;
            });
            go.countDown();
            for (Future<?> appender : appenders) {
                appender.get(60, TimeUnit.SECONDS);
            }
            List<List<HistoryEvent>> seenMeanwhile = reader.get(60, TimeUnit.SECONDS);

            List<HistoryEvent> history = spool.events();
            assertThat(history).hasSize(THREADS * EVENTS_PER_THREAD);
            for (int t = 0; t < THREADS; t++) {
                String prefix = "t" + t + "-";
                List<HistoryEvent> own = history.stream().filter(e -> e.id().startsWith(prefix)).toList();
                List<HistoryEvent> expected = new ArrayList<>();
                for (int i = 0; i < EVENTS_PER_THREAD; i++) {
                    expected.add(event(t, i));
                }
                assertThat(own).as("thread %d's events, in its order", t).isEqualTo(expected);
            }
            for (List<HistoryEvent> snapshot : seenMeanwhile) {
                assertThat(snapshot).isEqualTo(history.subList(0, snapshot.size()));
            }
        } finally {
            threads.shutdownNow();
        }
    }

    /** An event whose every field says which thread appended it, so that a torn one shows. */
    private static HistoryEvent event(int thread, int i) {
        String id = "t" + thread + "-" + i;
        long invokeMicros = thread * 1_000_000_000L + i;
        return new HistoryEvent(id, "region-" + thread, thread % 2 == 0 ? TxnType.READ_WRITE : TxnType.READ_ONLY,
                invokeMicros, i % 5 == 0 ? null : invokeMicros + thread,
                i % 5 == 0 ? TxnOutcome.UNKNOWN : TxnOutcome.COMMITTED, thread + "." + i,
                List.of(HistoryOp.write("kv/" + id, id.repeat(i % 9)), HistoryOp.add("accounts/" + thread, -i),
                        HistoryOp.readList("lists/" + thread, (long) thread, (long) i)));
    }
}
