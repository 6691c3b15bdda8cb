package io.catena.storage.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreFencedException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The contract of leader-term fencing ({@link StorageEngine#claimTerm}, {@link StorageEngine#fencedBy}),
 * for every adapter that fences: extend it in the adapter's test sources. The deposed leader and
 * its successor each open the store the way a coordinator process of their own would
 * ({@link #openStore()} and {@link #openAgain}), so that nothing an adapter caches in one engine
 * can let the old leader's writes through.
 */
public abstract class LeaderTermFencingConformanceTest {

    private static final int OWN = 0;
    private static final RegionId REGION = RegionId.of(OWN);
    /** Appends the old leader makes before the claim, and again after the successor's reading. */
    private static final int RACING_APPENDS = 5;
    private static final int MAX_RACING_APPENDS = 100_000;
    private static final ChainKey MEMBERSHIP = ChainKey.of(StorageEngine.LEADER_TABLES.iterator().next(), "region");

    private StorageEngine first;
    private StorageEngine second;

    /** A fresh, empty store as the first coordinator process opens it; the suite closes it. */
    protected abstract StorageEngine openStore();

    /** The store {@code first} opened, as another coordinator process opens it; the suite closes it. */
    protected abstract StorageEngine openAgain(StorageEngine first);

    @BeforeEach
    final void open() {
        first = openStore();
        second = openAgain(first);
    }

    @AfterEach
    final void close() {
        if (second != first) {
            second.close();
        }
        first.close();
    }

    @Test
    void aClaimedStoreRefusesTheOlderTermsOwnLogAndMembershipAndPassesTheSuccessor() {
        StorageEngine old = first.fencedBy(REGION, 1);
        await(first.claimTerm(REGION, 1));
        await(old.appendLog(LogRecordSamples.record(OWN, 1, 0)));
        await(old.apply(MEMBERSHIP, Version.of(1, 0), membership("old")));

        await(second.claimTerm(REGION, 2));
        StorageEngine successor = second.fencedBy(REGION, 2);
        assertFenced(old.appendLog(LogRecordSamples.record(OWN, 2, 0)), 1, 2);
        assertFenced(old.apply(MEMBERSHIP, Version.of(2, 0), membership("old")), 1, 2);
        assertThat(await(old.readLog())).as("reads pass").hasSize(1);

        await(successor.appendLog(LogRecordSamples.record(OWN, 2, 1)));
        await(successor.apply(MEMBERSHIP, Version.of(2, 0), membership("new")));
        assertThat(await(first.readLog())).as("only the successor's record of epoch 2 got in")
                .containsExactly(LogRecordSamples.record(OWN, 1, 0), LogRecordSamples.record(OWN, 2, 1));
        assertThat(await(first.readPartition(MEMBERSHIP, Version.of(2, 0))).get(""))
                .as("the successor's membership").isEqualTo(Row.of("by", "new"));
    }

    @Test
    void aTermCannotClaimAStoreALaterTermHoldsAndReclaimingItsOwnIsHarmless() {
        await(first.claimTerm(REGION, 5));
        await(second.claimTerm(REGION, 5));
        assertFenced(first.claimTerm(REGION, 4), 4, 5);
        await(second.fencedBy(REGION, 5).appendLog(LogRecordSamples.record(OWN, 1, 0)));
    }

    /**
     * The property takeover rests on: once the claim completes, the log the successor reads is the
     * log for good, however the old leader's appends interleave with the claim. The old leader
     * appends one record after another from before the claim until well after the read.
     */
    @Test
    void nothingTheOldLeaderAppendsAroundTheClaimEscapesTheSuccessorsReading() throws Exception {
        await(first.claimTerm(REGION, 1));
        StorageEngine old = first.fencedBy(REGION, 1);
        List<CompletableFuture<Void>> appends = new CopyOnWriteArrayList<>();
        AtomicBoolean stop = new AtomicBoolean();
        Thread appender = new Thread(() -> {
            for (long epoch = 1; !stop.get() && epoch <= MAX_RACING_APPENDS; epoch++) {
                CompletableFuture<Void> append = old.appendLog(LogRecordSamples.record(OWN, epoch, 0))
                        .toCompletableFuture();
                appends.add(append);
                settle(append);
            }
        }, "old-leader");
        appender.start();
        waitForAppends(appends, RACING_APPENDS);
        await(second.claimTerm(REGION, 2));
        List<RLogRecord> read = await(second.readLog());
        waitForAppends(appends, appends.size() + RACING_APPENDS);
        stop.set(true);
        appender.join(TimeUnit.SECONDS.toMillis(StorageEngineConformanceTest.CALL_TIMEOUT_SECONDS * 2));

        assertThat(await(second.readLog())).as("the log after the old leader's appends went on").isEqualTo(read);
        for (int i = 0; i < appends.size(); i++) {
            RLogRecord record = LogRecordSamples.record(OWN, i + 1, 0);
            CompletableFuture<Void> append = appends.get(i);
            if (!append.isCompletedExceptionally()) {
                assertThat(read).as("an acknowledged append is in the log").contains(record);
            } else if (StoreFencedException.isFenced(StorageEngineConformanceTest.failureOf(append))) {
                assertFenced(append, 1, 2);
                assertThat(read).as("a refused append is not in the log").doesNotContain(record);
            }
            // Any other failure (a store's timeout under the contention) leaves the append's fate
            // unknown to its writer; the log read once the claim completed stays the log all the same.
        }
        assertThat(appends.get(appends.size() - 1)).as("the old leader's last append, after the reading")
                .isCompletedExceptionally();
    }

    private static void waitForAppends(List<CompletableFuture<Void>> appends, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(StorageEngineConformanceTest.CALL_TIMEOUT_SECONDS);
        while (appends.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        assertThat(appends.size()).as("appends the old leader made").isGreaterThanOrEqualTo(count);
    }

    private static List<RowWrite> membership(String by) {
        return List.of(RowWrite.put("", Row.of("by", by)));
    }

    private static void settle(CompletableFuture<?> call) {
        try {
            call.get(StorageEngineConformanceTest.CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            // fenced: checked by the caller
        } catch (TimeoutException e) {
            throw new AssertionError("an old leader's append did not settle", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    private static <T> T await(CompletionStage<T> stage) {
        return StorageEngineConformanceTest.await(stage);
    }

    private static void assertFenced(CompletionStage<?> write, long writer, long claimed) {
        Throwable failure = StorageEngineConformanceTest.failureOf(write);
        assertThat(failure).as("refused as fenced").isInstanceOf(StoreFencedException.class).hasMessage("the store belongs to leader term " + claimed + ", so a write of term " + writer
                + " is refused: that leader's term is over");
    }
}
