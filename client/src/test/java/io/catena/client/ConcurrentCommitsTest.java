package io.catena.client;

import static io.catena.client.FakeRegion.H1;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.fake.Answers;
import io.catena.client.fake.FakeCoordinator;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** One connection shared by many threads: every caller gets the answer to its own request. */
class ConcurrentCommitsTest {

    private static final int THREADS = 16;
    private static final int COMMITS_PER_THREAD = 200;

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void everyConcurrentCommitCompletesWithItsOwnReply() throws Exception {
        FakeRegion region = new FakeRegion();
        ExecutorService replies = Executors.newFixedThreadPool(4);
        ExecutorService callers = Executors.newFixedThreadPool(THREADS);
        // The reply echoes the key the transaction read and encodes its request's sequence in the
        // version, so a caller can tell its own reply from anyone else's.
        FakeCoordinator coordinator = region.up(H1).replyOn(replies).respondWith(m -> {
            RequestId id = Answers.idOf(m);
            RowKey key = ((Op.Read) ((TxnSpec.AdHoc) ((SubmitTxn) m).spec()).ops().get(0)).key();
            return Answers.committed(m, Version.of(id.sequence(), 0),
                    List.of(new ReadResult(key, Row.of("seq", id.sequence()))), Row.EMPTY, false);
        });
        Set<RequestId> seen = ConcurrentHashMap.newKeySet();
        try (Connection c = region.connect("")) {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> workers = new ArrayList<>();
            for (int t = 0; t < THREADS; t++) {
                int thread = t;
                workers.add(callers.submit(() -> {
                    start.await();
                    for (int i = 0; i < COMMITS_PER_THREAD; i++) {
                        RowKey mine = RowKey.of("t", thread + "-" + i);
                        CompletableFuture<TxnOutcome> f = c.transaction().read(mine).add(mine, "n", 1).commitAsync();
                        TxnOutcome o = i % 2 == 0 ? f.join() : f.get(30, TimeUnit.SECONDS);
                        assertThat(o.readKeys()).containsExactly(mine);
                        assertThat(o.version().epoch()).isEqualTo(o.requestId().sequence());
                        assertThat(o.row(mine).orElseThrow().getLong("seq")).isEqualTo(o.requestId().sequence());
                        assertThat(seen.add(o.requestId())).as("request ids are never shared").isTrue();
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> w : workers) {
                w.get();
            }
        } finally {
            callers.shutdownNow();
            replies.shutdownNow();
        }
        assertThat(seen).hasSize(THREADS * COMMITS_PER_THREAD);
        assertThat(coordinator.received()).as("nothing was sent twice").hasSize(THREADS * COMMITS_PER_THREAD);
    }
}
