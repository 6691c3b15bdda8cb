package io.catena.storage.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.StorageEngine;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestReporter;

/**
 * The contract of {@link StorageEngine}, as tests that every storage adapter runs: extend this
 * class in the adapter's test sources and return a fresh, empty engine from {@link #newEngine()}.
 * Each test gets its own engine and closes it afterwards.
 *
 * <p>Beyond the SPI's Javadoc the suite pins down: an unknown chain key loads as an empty image at
 * {@link Version#ZERO}; a read below the garbage-collection horizon completes exceptionally with
 * an {@link IllegalStateException} whose message names the chain key; collecting garbage on an
 * unknown key creates nothing; {@link StorageEngine#readLog()} orders records by origin, then
 * epoch, and returns them equal to what was appended. Images are compared by the reads they
 * answer, not field by field, so an adapter may fold history differently from the embedded store.
 *
 * <p>The randomized test runs {@value #RANDOM_RUNS} seeds starting at the system property
 * {@code catena.storage.seed} (default {@value #DEFAULT_SEED}); a failure names its seed, and
 * {@code -Dcatena.storage.seed=S} replays it as the first run.
 */
public abstract class StorageEngineConformanceTest {

    /** How long any single storage call may take before the test fails. */
    protected static final long CALL_TIMEOUT_SECONDS = 10;

    static final int RANDOM_RUNS = 20;
    static final long DEFAULT_SEED = 20_240_601L;

    private static final ChainKey ALICE = ChainKey.of("accounts", "alice");
    private static final ChainKey BOB = ChainKey.of("accounts", "bob");
    private static final ChainKey AUDIT_ALICE = ChainKey.of("audit", "alice");

    private StorageEngine engine;

    /** A fresh, empty engine; the suite closes it after the test. */
    protected abstract StorageEngine newEngine();

    /** The engine of the running test. */
    protected final StorageEngine engine() {
        return engine;
    }

    @BeforeEach
    final void openEngine() {
        engine = newEngine();
    }

    @AfterEach
    final void closeEngine() {
        if (engine != null) {
            engine.close();
        }
    }

    /** Waits for a storage call and returns its result; fails the test if the call failed. */
    protected static <T> T await(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("storage call failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("storage call did not complete within " + CALL_TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for storage", e);
        }
    }

    /** Waits for a storage call that must fail and returns why it failed. */
    protected static Throwable failureOf(CompletionStage<?> stage) {
        try {
            Object result = stage.toCompletableFuture().get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            throw new AssertionError("storage call was expected to fail but returned " + result);
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (TimeoutException e) {
            throw new AssertionError("storage call did not complete within " + CALL_TIMEOUT_SECONDS + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted while waiting for storage", e);
        }
    }

    // ---------------------------------------------------------------- partitions

    @Test
    void appliedRowsAreVisibleToReadsAndToTheLoadedImage() {
        Row balance = Row.of("balance", 100);
        Row profile = Row.of("name", "Alice");
        await(engine.apply(ALICE, Version.of(1, 0),
                List.of(RowWrite.put("", balance), RowWrite.put("profile", profile))));

        Map<String, Row> expected = Map.of("", balance, "profile", profile);
        assertThat(read(ALICE, Version.of(1, 0))).containsExactlyEntriesOf(new TreeMap<>(expected));
        assertThat(read(ALICE, Version.MAX)).containsExactlyEntriesOf(new TreeMap<>(expected));
        PartitionImage image = await(engine.loadPartition(ALICE));
        assertThat(image.key()).isEqualTo(ALICE);
        VersionedPartition loaded = VersionedPartition.fromImage(image);
        assertThat(loaded.latest()).isEqualTo(Version.of(1, 0));
        assertThat(loaded.snapshot(Version.MAX)).containsExactlyEntriesOf(new TreeMap<>(expected));
    }

    @Test
    void readsAtAVersionSeeExactlyTheCommitsAtOrBelowIt() {
        Map<Version, SortedMap<String, Row>> expected = applyStandardHistory(ALICE);
        expected.forEach((version, rows) ->
                assertThat(read(ALICE, version)).as("rows at %s", version).isEqualTo(rows));
    }

    @Test
    void allRowsOfOneApplyAppearTogetherAtItsVersion() {
        List<RowWrite> first = new ArrayList<>();
        List<RowWrite> second = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            first.add(RowWrite.put("r" + i, Row.of("n", 1)));
            second.add(i < 3 ? RowWrite.put("r" + i, Row.of("n", 2)) : RowWrite.delete("r" + i));
        }
        await(engine.apply(ALICE, Version.of(3, 2), first));
        await(engine.apply(ALICE, Version.of(3, 3), second));

        assertThat(read(ALICE, Version.of(3, 1))).isEmpty();
        assertThat(read(ALICE, Version.of(3, 2))).hasSize(5)
                .allSatisfy((k, row) -> assertThat(row).isEqualTo(Row.of("n", 1)));
        assertThat(read(ALICE, Version.of(3, 3))).containsOnlyKeys("r0", "r1", "r2")
                .allSatisfy((k, row) -> assertThat(row).isEqualTo(Row.of("n", 2)));
    }

    @Test
    void aConcurrentReaderNeverSeesPartOfAnApply() throws Exception {
        int rows = 32;
        int commits = 1_000;
        int readerCount = 2;
        AtomicBoolean done = new AtomicBoolean();
        CountDownLatch readersStarted = new CountDownLatch(readerCount);
        ExecutorService readers = Executors.newFixedThreadPool(readerCount);
        try {
            List<Future<Integer>> checks = new ArrayList<>();
            for (int r = 0; r < readerCount; r++) {
                checks.add(readers.submit(() -> {
                    readersStarted.countDown();
                    int snapshots = 0;
                    do {
                        SortedMap<String, Row> seen = read(ALICE, Version.MAX);
                        assertThat(seen.values().stream().distinct()).as("one commit's rows in %s", seen)
                                .hasSizeLessThanOrEqualTo(1);
                        assertThat(seen).as("all rows of a commit")
                                .satisfiesAnyOf(m -> assertThat(m).isEmpty(), m -> assertThat(m).hasSize(rows));
                        snapshots++;
                    } while (!done.get());
                    return snapshots;
                }));
            }
            assertThat(readersStarted.await(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS)).as("readers started").isTrue();
            for (int c = 1; c <= commits; c++) {
                List<RowWrite> writes = new ArrayList<>();
                for (int i = 0; i < rows; i++) {
                    writes.add(RowWrite.put("r" + i, Row.of("commit", c)));
                }
                await(engine.apply(ALICE, Version.of(c, 0), writes));
            }
            done.set(true);
            for (Future<Integer> check : checks) {
                assertThat(check.get(CALL_TIMEOUT_SECONDS, TimeUnit.SECONDS)).isPositive();
            }
        } finally {
            done.set(true);
            readers.shutdownNow();
        }
        assertThat(read(ALICE, Version.MAX)).hasSize(rows).containsValue(Row.of("commit", commits));
    }

    @Test
    void reApplyingTheSameVersionCompletesNormallyAndChangesNothing() {
        await(engine.apply(ALICE, Version.of(1, 0), List.of(put("a", 1))));
        await(engine.apply(ALICE, Version.of(1, 0), List.of(put("a", 99), put("b", 1))));

        assertThat(read(ALICE, Version.MAX)).containsExactly(Map.entry("a", Row.of("n", 1)));
        assertThat(VersionedPartition.fromImage(await(engine.loadPartition(ALICE))).latest())
                .isEqualTo(Version.of(1, 0));
    }

    @Test
    void applyingAVersionOlderThanTheLatestCompletesNormallyAndChangesNothing() {
        await(engine.apply(ALICE, Version.of(2, 0), List.of(put("a", 2))));
        await(engine.apply(ALICE, Version.of(1, 0), List.of(put("a", 1), put("b", 1))));

        assertThat(read(ALICE, Version.of(1, 5))).isEmpty();
        assertThat(read(ALICE, Version.MAX)).containsExactly(Map.entry("a", Row.of("n", 2)));
    }

    @Test
    void independentChainKeysDoNotInterfere() {
        await(engine.apply(ALICE, Version.of(5, 0), List.of(RowWrite.put("", Row.of("owner", "alice")))));
        await(engine.apply(BOB, Version.of(3, 0), List.of(RowWrite.put("", Row.of("owner", "bob")))));
        await(engine.apply(AUDIT_ALICE, Version.of(1, 0), List.of(RowWrite.put("e1", Row.of("what", "opened")))));
        await(engine.collectGarbage(ALICE, Version.of(5, 0)));
        await(engine.apply(ALICE, Version.of(4, 0), List.of(RowWrite.put("", Row.of("owner", "mallory")))));

        assertThat(read(ALICE, Version.MAX)).containsExactly(Map.entry("", Row.of("owner", "alice")));
        assertThat(read(BOB, Version.ZERO)).isEmpty();
        assertThat(read(BOB, Version.of(3, 0))).containsExactly(Map.entry("", Row.of("owner", "bob")));
        assertThat(read(AUDIT_ALICE, Version.MAX)).containsExactly(Map.entry("e1", Row.of("what", "opened")));
        assertThat(read(AUDIT_ALICE, Version.ZERO)).isEmpty();
    }

    @Test
    void anUnknownChainKeyLoadsAsAnEmptyImageAtVersionZeroAndReadsAsEmpty() {
        PartitionImage image = await(engine.loadPartition(ALICE));
        assertThat(image.key()).isEqualTo(ALICE);
        assertThat(image.base()).isEqualTo(Version.ZERO);
        assertThat(image.rowsAtBase()).isEmpty();
        assertThat(image.after()).isEmpty();
        assertThat(read(ALICE, Version.ZERO)).isEmpty();
        assertThat(read(ALICE, Version.MAX)).isEmpty();
    }

    @Test
    void collectingGarbageOnAnUnknownChainKeyCompletesAndCreatesNothing() {
        await(engine.collectGarbage(ALICE, Version.of(7, 0)));
        assertThat(await(engine.listKeys(ALICE.table()))).isEmpty();
        assertThat(read(ALICE, Version.MAX)).isEmpty();
    }

    @Test
    void afterGarbageCollectionReadsAtOrAboveTheHorizonGiveTheSameAnswers() {
        Map<Version, SortedMap<String, Row>> expected = applyStandardHistory(ALICE);
        Version horizon = Version.of(2, 0);
        await(engine.collectGarbage(ALICE, horizon));
        expected.forEach((version, rows) -> {
            if (!version.isBefore(horizon)) {
                assertThat(read(ALICE, version)).as("rows at %s", version).isEqualTo(rows);
            }
        });
        Version between = Version.of(3, 5);
        await(engine.collectGarbage(ALICE, between));
        assertThat(read(ALICE, between)).isEqualTo(expected.get(between));
        assertThat(read(ALICE, Version.MAX)).isEqualTo(expected.get(Version.MAX));
    }

    @Test
    void afterGarbageCollectionReadsBelowTheHorizonFailWithIllegalStateException() {
        applyStandardHistory(ALICE);
        await(engine.collectGarbage(ALICE, Version.of(2, 0)));
        for (Version below : List.of(Version.ZERO, Version.of(1, 0), Version.of(1, 3), Version.endOf(1))) {
            Throwable failure = failureOf(engine.readPartition(ALICE, below));
            assertThat(failure).as("read at %s", below).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining(ALICE.toString());
        }
    }

    @Test
    void garbageCollectionIsIdempotentAndNeverMovesTheHorizonBack() {
        Map<Version, SortedMap<String, Row>> expected = applyStandardHistory(ALICE);
        Version horizon = Version.of(4, 1);
        await(engine.collectGarbage(ALICE, horizon));
        await(engine.collectGarbage(ALICE, horizon));
        await(engine.collectGarbage(ALICE, Version.of(1, 0)));

        assertThat(failureOf(engine.readPartition(ALICE, Version.of(2, 0)))).isInstanceOf(IllegalStateException.class);
        assertThat(read(ALICE, horizon)).isEqualTo(expected.get(horizon));
        assertThat(read(ALICE, Version.MAX)).isEqualTo(expected.get(Version.MAX));
    }

    @Test
    void commitsAppliedAfterGarbageCollectionAreReadable() {
        Map<Version, SortedMap<String, Row>> expected = applyStandardHistory(ALICE);
        await(engine.collectGarbage(ALICE, Version.of(5, 0)));
        await(engine.apply(ALICE, Version.of(6, 0), List.of(RowWrite.put("d", Row.of("n", 6)), RowWrite.delete("b"))));

        assertThat(read(ALICE, Version.of(5, 0))).isEqualTo(expected.get(Version.of(5, 0)));
        assertThat(read(ALICE, Version.of(6, 0))).containsExactly(Map.entry("d", Row.of("n", 6)));
    }

    @Test
    void theLoadedImageReconstructsAHistoryThatAnswersTheSameReads() {
        Map<Version, SortedMap<String, Row>> expected = applyStandardHistory(ALICE);
        assertImageAnswersLikeTheEngine(ALICE, Version.ZERO, expected);

        Version horizon = Version.of(2, 0);
        await(engine.collectGarbage(ALICE, horizon));
        assertImageAnswersLikeTheEngine(ALICE, horizon, expected);
    }

    @Test
    void aDroppedPartitionLoadsAsUnknownAndOthersAreUntouched() {
        applyStandardHistory(ALICE);
        await(engine.apply(BOB, Version.of(3, 0), List.of(RowWrite.put("", Row.of("owner", "bob")))));
        await(engine.dropPartition(ALICE));

        PartitionImage image = await(engine.loadPartition(ALICE));
        assertThat(image.base()).isEqualTo(Version.ZERO);
        assertThat(image.rowsAtBase()).isEmpty();
        assertThat(image.after()).isEmpty();
        assertThat(read(ALICE, Version.MAX)).isEmpty();
        assertThat(await(engine.listKeys(ALICE.table()))).containsExactly(BOB);
        assertThat(read(BOB, Version.MAX)).containsExactly(Map.entry("", Row.of("owner", "bob")));
    }

    @Test
    void aDroppedPartitionStartsAfreshOnTheNextApplyEvenAtAnOldVersion() {
        await(engine.apply(ALICE, Version.of(5, 0), List.of(RowWrite.put("", Row.of("owner", "alice")))));
        await(engine.dropPartition(ALICE));
        await(engine.apply(ALICE, Version.of(1, 0), List.of(RowWrite.put("", Row.of("owner", "carol")))));

        assertThat(read(ALICE, Version.MAX)).containsExactly(Map.entry("", Row.of("owner", "carol")));
        assertThat(await(engine.loadPartition(ALICE)).after()).hasSize(1);
    }

    @Test
    void droppingAnUnknownPartitionCompletesAndCreatesNothing() {
        await(engine.dropPartition(ALICE));
        await(engine.dropPartition(ALICE));
        assertThat(await(engine.listKeys(ALICE.table()))).isEmpty();
    }

    @Test
    void listKeysReturnsTheChainKeysOfOneTableInKeyOrder() {
        for (ChainKey key : List.of(ChainKey.of("accounts", "carol"), ChainKey.of("account", "zed"), ALICE,
                ChainKey.of("accounts2", "aaron"), BOB, AUDIT_ALICE, ChainKey.of("accounts", ""))) {
            await(engine.apply(key, Version.of(1, 0), List.of(RowWrite.put("", Row.of("k", key.toString())))));
        }
        assertThat(await(engine.listKeys("accounts")))
                .containsExactly(ChainKey.of("accounts", ""), ALICE, BOB, ChainKey.of("accounts", "carol"));
        assertThat(await(engine.listKeys("account"))).containsExactly(ChainKey.of("account", "zed"));
        assertThat(await(engine.listKeys("audit"))).containsExactly(AUDIT_ALICE);
        assertThat(await(engine.listKeys("missing"))).isEmpty();
    }

    // ---------------------------------------------------------------- replicated log

    @Test
    void anEmptyLogReadsAsAnEmptyList() {
        assertThat(await(engine.readLog())).isEmpty();
        await(engine.truncateLog(RegionId.of(0), 10));
        assertThat(await(engine.readLog())).isEmpty();
    }

    @Test
    void readLogReturnsEveryRecordEqualToWhatWasAppendedInOriginThenEpochOrder() {
        List<RLogRecord> appended = List.of(LogRecordSamples.record(1, 2, 0), LogRecordSamples.record(0, 3, 0),
                LogRecordSamples.emptyRecord(0, 1), LogRecordSamples.record(2, 1, 1), LogRecordSamples.record(1, 1, 0),
                LogRecordSamples.record(0, 12, 1));
        for (RLogRecord r : appended) {
            await(engine.appendLog(r));
        }
        assertThat(await(engine.readLog())).containsExactly(appended.get(2), appended.get(1), appended.get(5),
                appended.get(4), appended.get(0), appended.get(3));
    }

    @Test
    void theFirstRecordStoredForAnOriginAndEpochWins() {
        RLogRecord first = LogRecordSamples.record(0, 5, 0);
        RLogRecord later = LogRecordSamples.record(0, 5, 1);
        assertThat(later).isNotEqualTo(first);
        await(engine.appendLog(first));
        await(engine.appendLog(later));
        assertThat(await(engine.readLog())).containsExactly(first);

        await(engine.appendLog(first));
        assertThat(await(engine.readLog())).containsExactly(first);
    }

    @Test
    void truncateDropsOnlyThatOriginsRecordsThroughTheEpoch() {
        for (int origin = 0; origin < 2; origin++) {
            for (long epoch = 1; epoch <= 4; epoch++) {
                await(engine.appendLog(LogRecordSamples.record(origin, epoch, 0)));
            }
        }
        await(engine.truncateLog(RegionId.of(0), 2));
        await(engine.truncateLog(RegionId.of(0), 2));
        await(engine.truncateLog(RegionId.of(1), 0));
        await(engine.truncateLog(RegionId.of(2), 10));
        assertThat(refs(await(engine.readLog()))).containsExactly("r0@3", "r0@4", "r1@1", "r1@2", "r1@3", "r1@4");

        await(engine.truncateLog(RegionId.of(0), 1));
        assertThat(refs(await(engine.readLog()))).containsExactly("r0@3", "r0@4", "r1@1", "r1@2", "r1@3", "r1@4");
        await(engine.truncateLog(RegionId.of(0), 100));
        assertThat(refs(await(engine.readLog()))).containsExactly("r1@1", "r1@2", "r1@3", "r1@4");
    }

    // ---------------------------------------------------------------- randomized

    @RepeatedTest(value = RANDOM_RUNS, name = "random history agrees with a model: run {currentRepetition}")
    void randomCommitsGarbageCollectionsAndReadsAgreeWithASimpleModel(RepetitionInfo run, TestReporter reporter) {
        long seed = Long.getLong("catena.storage.seed", DEFAULT_SEED) + run.getCurrentRepetition() - 1;
        reporter.publishEntry("seed", Long.toString(seed));
        new RandomHistory(engine, seed).run();
    }

    // ---------------------------------------------------------------- helpers

    private SortedMap<String, Row> read(ChainKey key, Version atOrBelow) {
        return await(engine.readPartition(key, atOrBelow));
    }

    private static RowWrite put(String clustering, long n) {
        return RowWrite.put(clustering, Row.of("n", n));
    }

    private static List<String> refs(List<RLogRecord> records) {
        return records.stream().map(r -> r.ref().toString()).toList();
    }

    /**
     * Applies five commits with puts, overwrites and deletions to {@code key} and returns the rows
     * expected at versions on, between, below and above them.
     */
    private Map<Version, SortedMap<String, Row>> applyStandardHistory(ChainKey key) {
        await(engine.apply(key, Version.of(1, 0), List.of(put("a", 1), put("b", 1))));
        await(engine.apply(key, Version.of(1, 3), List.of(put("a", 2), put("c", 1))));
        await(engine.apply(key, Version.of(2, 0), List.of(RowWrite.delete("b"))));
        await(engine.apply(key, Version.of(4, 1), List.of(RowWrite.put("b", Row.of("n", 3)), RowWrite.delete("c"))));
        await(engine.apply(key, Version.of(5, 0), List.of(RowWrite.delete("a"), RowWrite.delete("never-written"))));

        Map<String, Row> v10 = Map.of("a", Row.of("n", 1), "b", Row.of("n", 1));
        Map<String, Row> v13 = Map.of("a", Row.of("n", 2), "b", Row.of("n", 1), "c", Row.of("n", 1));
        Map<String, Row> v20 = Map.of("a", Row.of("n", 2), "c", Row.of("n", 1));
        Map<String, Row> v41 = Map.of("a", Row.of("n", 2), "b", Row.of("n", 3));
        Map<String, Row> v50 = Map.of("b", Row.of("n", 3));
        Map<Version, SortedMap<String, Row>> expected = new LinkedHashMap<>();
        expected.put(Version.ZERO, new TreeMap<>());
        expected.put(Version.beforeEpoch(1), new TreeMap<>());
        expected.put(Version.of(1, 0), new TreeMap<>(v10));
        expected.put(Version.of(1, 2), new TreeMap<>(v10));
        expected.put(Version.of(1, 3), new TreeMap<>(v13));
        expected.put(Version.endOf(1), new TreeMap<>(v13));
        expected.put(Version.of(2, 0), new TreeMap<>(v20));
        expected.put(Version.of(3, 5), new TreeMap<>(v20));
        expected.put(Version.of(4, 0), new TreeMap<>(v20));
        expected.put(Version.of(4, 1), new TreeMap<>(v41));
        expected.put(Version.of(5, 0), new TreeMap<>(v50));
        expected.put(Version.MAX, new TreeMap<>(v50));
        return expected;
    }

    private void assertImageAnswersLikeTheEngine(ChainKey key, Version horizon,
                                                 Map<Version, SortedMap<String, Row>> expected) {
        PartitionImage image = await(engine.loadPartition(key));
        assertThat(image.key()).isEqualTo(key);
        assertThat(image.base()).as("image base").isLessThanOrEqualTo(horizon);
        assertThat(image.after()).extracting(PartitionImage.AppliedWrites::version).isSorted().doesNotHaveDuplicates();
        VersionedPartition loaded = VersionedPartition.fromImage(image);
        assertThat(loaded.latest()).isEqualTo(Version.of(5, 0));
        expected.forEach((version, rows) -> {
            if (!version.isBefore(horizon)) {
                assertThat(loaded.snapshot(version)).as("image read at %s", version).isEqualTo(rows);
                assertThat(read(key, version)).as("engine read at %s", version).isEqualTo(rows);
            }
        });
    }
}
