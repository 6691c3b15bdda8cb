package io.catena.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.spi.StorageEngine;
import io.catena.storage.conformance.LogRecordSamples;
import io.catena.storage.conformance.StorageEngineConformanceTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The conformance suite against the in-memory engine, plus what only the embedded store promises. */
class MemoryStorageEngineTest extends StorageEngineConformanceTest {

    private static final ChainKey ALICE = ChainKey.of("accounts", "alice");

    @Override
    protected StorageEngine newEngine() {
        return new MemoryStorageEngine();
    }

    private MemoryStorageEngine memory() {
        return (MemoryStorageEngine) engine();
    }

    @Test
    void everyCallAfterCloseFailsWithIllegalStateExceptionSayingTheEngineIsClosed() {
        await(engine().apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 1)))));
        engine().close();

        List<CompletionStage<?>> calls = List.of(
                engine().loadPartition(ALICE),
                engine().readPartition(ALICE, Version.MAX),
                engine().apply(ALICE, Version.of(2, 0), List.of()),
                engine().collectGarbage(ALICE, Version.of(1, 0)),
                engine().listKeys("accounts"),
                engine().appendLog(LogRecordSamples.emptyRecord(0, 1)),
                engine().readLog(),
                engine().truncateLog(RegionId.of(0), 1));
        for (CompletionStage<?> call : calls) {
            assertThat(failureOf(call)).isInstanceOf(IllegalStateException.class)
                    .hasMessage("storage engine is closed");
        }
        assertThatThrownBy(() -> memory().dumpLatest("accounts")).isInstanceOf(IllegalStateException.class)
                .hasMessage("storage engine is closed");
        assertThatThrownBy(() -> memory().latestVersion(ALICE)).isInstanceOf(IllegalStateException.class)
                .hasMessage("storage engine is closed");
    }

    @Test
    void closingTwiceIsHarmless() {
        engine().close();
        engine().close();
        assertThat(failureOf(engine().readLog())).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyReturnedStageIsAlreadyComplete() {
        List<CompletionStage<?>> calls = List.of(
                engine().apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 1)))),
                engine().loadPartition(ALICE),
                engine().readPartition(ALICE, Version.MAX),
                engine().collectGarbage(ALICE, Version.of(1, 0)),
                engine().readPartition(ALICE, Version.ZERO),
                engine().listKeys("accounts"),
                engine().appendLog(LogRecordSamples.emptyRecord(0, 1)),
                engine().readLog(),
                engine().truncateLog(RegionId.of(0), 1));
        for (CompletionStage<?> call : calls) {
            assertThat(call.toCompletableFuture()).isDone();
        }
    }

    @Test
    void invalidArgumentsFailTheStageWithIllegalArgumentExceptionInsteadOfThrowing() {
        List<RowWrite> withNull = new ArrayList<>();
        withNull.add(null);
        List<CompletionStage<?>> calls = List.of(
                engine().apply(null, Version.of(1, 0), List.of()),
                engine().apply(ALICE, null, List.of()),
                engine().apply(ALICE, Version.of(1, 0), null),
                engine().apply(ALICE, Version.of(1, 0), withNull),
                engine().readPartition(ALICE, null),
                engine().loadPartition(null),
                engine().collectGarbage(ALICE, null),
                engine().listKeys(""),
                engine().appendLog(null),
                engine().truncateLog(null, 3));
        for (CompletionStage<?> call : calls) {
            Throwable failure = failureOf(call);
            assertThat(failure).isInstanceOf(IllegalArgumentException.class);
            assertThat(failure.getMessage()).isNotBlank();
        }
        assertThat(memory().latestVersion(ALICE)).isEqualTo(Version.ZERO);
    }

    @Test
    void dumpLatestGivesTheLatestLiveRowsOfEveryPartitionOfOneTable() {
        ChainKey bob = ChainKey.of("accounts", "bob");
        ChainKey gone = ChainKey.of("accounts", "gone");
        await(engine().apply(bob, Version.of(1, 0),
                List.of(RowWrite.put("", Row.of("n", 1)), RowWrite.put("x", Row.of("n", 9)))));
        await(engine().apply(bob, Version.of(2, 0), List.of(RowWrite.put("", Row.of("n", 2)), RowWrite.delete("x"))));
        await(engine().apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 3)))));
        await(engine().apply(gone, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 4)))));
        await(engine().apply(gone, Version.of(3, 0), List.of(RowWrite.delete(""))));
        await(engine().apply(ChainKey.of("audit", "alice"), Version.of(1, 0),
                List.of(RowWrite.put("", Row.of("n", 5)))));

        assertThat(memory().dumpLatest("accounts")).containsExactly(
                Map.entry(ALICE, new TreeMap<>(Map.of("", Row.of("n", 3)))),
                Map.entry(bob, new TreeMap<>(Map.of("", Row.of("n", 2)))));
        assertThat(memory().dumpLatest("missing")).isEmpty();
    }

    @Test
    void latestVersionIsZeroForAnUnknownKeyAndOtherwiseTheLastAppliedVersion() {
        assertThat(memory().latestVersion(ALICE)).isEqualTo(Version.ZERO);
        await(engine().apply(ALICE, Version.of(2, 1), List.of(RowWrite.put("", Row.of("n", 1)))));
        await(engine().apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 2)))));
        assertThat(memory().latestVersion(ALICE)).isEqualTo(Version.of(2, 1));
        await(engine().collectGarbage(ALICE, Version.MAX));
        assertThat(memory().latestVersion(ALICE)).isEqualTo(Version.of(2, 1));
    }

    @Test
    void anApplyAtVersionZeroChangesNothingAndCreatesNoPartition() {
        await(engine().apply(ALICE, Version.ZERO, List.of(RowWrite.put("", Row.of("n", 1)))));
        assertThat(await(engine().listKeys("accounts"))).isEmpty();
        assertThat(memory().latestVersion(ALICE)).isEqualTo(Version.ZERO);
    }

    @Test
    void aRecordAtOrBelowATruncatedEpochIsNotStoredAgain() {
        await(engine().appendLog(LogRecordSamples.record(0, 1, 0)));
        await(engine().appendLog(LogRecordSamples.record(0, 2, 0)));
        await(engine().truncateLog(RegionId.of(0), 2));
        await(engine().appendLog(LogRecordSamples.record(0, 1, 0)));
        await(engine().appendLog(LogRecordSamples.record(0, 2, 1)));
        await(engine().appendLog(LogRecordSamples.record(0, 3, 0)));
        await(engine().appendLog(LogRecordSamples.record(1, 2, 0)));

        assertThat(await(engine().readLog()))
                .containsExactly(LogRecordSamples.record(0, 3, 0), LogRecordSamples.record(1, 2, 0));
    }

    @Test
    void concurrentCallersEachSeeTheirOwnWritesAndAllWritesLand() throws Exception {
        int callers = 4;
        int commits = 250;
        ExecutorService pool = Executors.newFixedThreadPool(callers);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int c = 0; c < callers; c++) {
                int caller = c;
                done.add(pool.submit(() -> {
                    ChainKey key = ChainKey.of("load", "k" + caller);
                    for (int i = 1; i <= commits; i++) {
                        await(engine().apply(key, Version.of(i, caller), List.of(RowWrite.put("", Row.of("i", i)))));
                        assertThat(await(engine().readPartition(key, Version.MAX)).get("")).isEqualTo(Row.of("i", i));
                        await(engine().appendLog(LogRecordSamples.emptyRecord(caller, i)));
                    }
                    return null;
                }));
            }
            for (Future<?> f : done) {
                f.get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(await(engine().listKeys("load"))).hasSize(callers);
        assertThat(await(engine().readLog())).hasSize(callers * commits);
        for (int c = 0; c < callers; c++) {
            assertThat(memory().latestVersion(ChainKey.of("load", "k" + c))).isEqualTo(Version.of(commits, c));
        }
    }
}
