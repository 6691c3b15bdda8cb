package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreFencedException;
import io.catena.storage.conformance.LeaderTermFencingConformanceTest;
import io.catena.storage.conformance.LogRecordSamples;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The fencing contract against a real standalone HBase: the old leader and its successor each
 * open their own {@link HBaseStorageEngine}, with its own connection, on one fresh namespace.
 * Then what is particular to HBase: leader rows that a claim cannot see yet, drops and sweeps,
 * the writes a deposed leader may still make, and first-record-wins within a fenced batch.
 */
class HBaseLeaderTermFencingTest extends LeaderTermFencingConformanceTest {

    @RegisterExtension
    static final SharedHBase HBASE = new SharedHBase();

    private static final int OWN = 0;
    private static final RegionId REGION = RegionId.of(OWN);
    private static final String MEMBERSHIP_TABLE = StorageEngine.LEADER_TABLES.iterator().next();
    private static final Duration CALL_TIMEOUT = SharedHBase.OPERATION_TIMEOUT;

    private final Map<StorageEngine, HBaseSettings> namespaces = new IdentityHashMap<>();

    @Override
    protected StorageEngine openStore() {
        HBaseSettings settings = HBASE.freshSettings("fencing");
        StorageEngine engine = HBaseStorageEngine.open(settings);
        namespaces.put(engine, settings);
        return engine;
    }

    @Override
    protected StorageEngine openAgain(StorageEngine first) {
        return HBaseStorageEngine.open(namespaces.get(first));
    }

    /**
     * The suite's race, with the old leader appending one record after another until well after
     * the claim completed: on HBase a claim takes a few round trips, during which a burst of
     * appends issued up front may all have landed already.
     */
    @Test
    void anOldLeaderAppendingThroughoutTheClaimGetsNothingPastItsSuccessorsReading() {
        try (StorageEngine oldProcess = openStore(); StorageEngine newProcess = openAgain(oldProcess)) {
            await(oldProcess.claimTerm(REGION, 1));
            StorageEngine old = oldProcess.fencedBy(REGION, 1);
            List<RLogRecord> acknowledged = new ArrayList<>();
            List<RLogRecord> refused = new ArrayList<>();
            long epoch = 1;
            CompletableFuture<Void> claim = null;
            List<RLogRecord> read = null;
            int afterRead = 0;
            while (afterRead < 10) {
                RLogRecord record = LogRecordSamples.record(OWN, epoch, 0);
                (settle(old.appendLog(record)) ? acknowledged : refused).add(record);
                if (epoch++ == 20) {
                    claim = newProcess.claimTerm(REGION, 2).toCompletableFuture();
                } else if (read == null && claim != null && claim.isDone()) {
                    read = await(newProcess.readLog());
                } else if (read != null) {
                    afterRead++;
                }
            }
            assertThat(await(newProcess.readLog())).as("the log once the old leader stopped").isEqualTo(read);
            assertThat(read).as("every acknowledged append").containsAll(acknowledged).doesNotContainAnyElementsOf(refused);
            assertThat(refused).as("refused: at least the appends after the successor's reading").hasSizeGreaterThanOrEqualTo(10);
        }
    }

    /** The claim raised the rows it found; this row did not exist, and the old leader's write creates it. */
    @Test
    void aDeposedLeaderCannotCreateALeaderRowTheClaimDidNotSeeNorWriteItLater() {
        try (StorageEngine oldProcess = openStore(); StorageEngine newProcess = openAgain(oldProcess)) {
            ChainKey key = ChainKey.of(MEMBERSHIP_TABLE, "created-late");
            await(oldProcess.claimTerm(REGION, 1));
            StorageEngine old = oldProcess.fencedBy(REGION, 1);
            await(newProcess.claimTerm(REGION, 2));
            assertFenced(old.apply(key, Version.of(1, 0), row("old")), 1, 2);
            assertFenced(old.apply(key, Version.of(1, 1), row("old")), 1, 2);
            await(newProcess.fencedBy(REGION, 2).apply(key, Version.of(2, 0), row("new")));
            assertThat(await(oldProcess.readPartition(key, Version.MAX))).containsExactly(Map.entry("", Row.of("by", "new")));
        }
    }

    @Test
    void aDeposedLeadersDropAndSweepOfALeaderRowAreRefused() {
        try (StorageEngine oldProcess = openStore(); StorageEngine newProcess = openAgain(oldProcess)) {
            ChainKey key = ChainKey.of(MEMBERSHIP_TABLE, "region");
            await(oldProcess.claimTerm(REGION, 1));
            StorageEngine old = oldProcess.fencedBy(REGION, 1);
            for (int rank = 1; rank <= PartitionStore.SWEEP_EVERY; rank++) {
                await(old.apply(key, Version.of(1, rank), row("old " + rank)));
            }
            await(newProcess.claimTerm(REGION, 2));
            assertFenced(old.dropPartition(key), 1, 2);
            List<CompletionStage<Void>> collections = new ArrayList<>();
            for (int rank = 1; rank <= PartitionStore.SWEEP_EVERY; rank++) {
                collections.add(old.collectGarbage(key, Version.of(1, rank)));
            }
            // Moving the horizon writes nothing until the sweep, which is what a deposed leader must not do.
            collections.subList(0, PartitionStore.SWEEP_EVERY - 1).forEach(HBaseLeaderTermFencingTest::await);
            assertFenced(collections.get(PartitionStore.SWEEP_EVERY - 1), 1, 2);
            assertThat(await(newProcess.readPartition(key, Version.of(1, 1)))).as("history the sweep would have deleted")
                    .containsExactly(Map.entry("", Row.of("by", "old 1")));
        }
    }

    @Test
    void aDeposedLeadersAnswersPeersRecordsAndTruncationsPassSinceTheyAreFunctionsOfTheLog() {
        try (StorageEngine oldProcess = openStore(); StorageEngine newProcess = openAgain(oldProcess)) {
            await(oldProcess.claimTerm(REGION, 1));
            StorageEngine old = oldProcess.fencedBy(REGION, 1);
            await(old.appendLog(LogRecordSamples.record(OWN, 1, 0)));
            await(newProcess.claimTerm(REGION, 2));
            await(old.apply(ChainKey.of("__catena_answers", "7-1"), Version.of(1, 0), row("old")));
            await(old.appendLog(LogRecordSamples.record(1, 1, 0)));
            await(old.truncateLog(REGION, 1));
            assertThat(await(newProcess.readLog())).containsExactly(LogRecordSamples.record(1, 1, 0));
        }
    }

    @Test
    void aLeadersBatchWithAnEpochAlreadyStoredOrTwiceKeepsTheFirstRecordOfEachEpoch() {
        try (StorageEngine engine = openStore()) {
            await(engine.claimTerm(REGION, 3));
            StorageEngine leader = engine.fencedBy(REGION, 3);
            await(leader.appendLog(LogRecordSamples.record(OWN, 2, 0)));
            // The first append goes alone, the others wait for it and go in one batch.
            List<CompletionStage<Void>> batch = new ArrayList<>();
            for (long epoch = 1; epoch <= 3; epoch++) {
                batch.add(leader.appendLog(LogRecordSamples.record(OWN, epoch, 1)));
            }
            batch.add(leader.appendLog(LogRecordSamples.record(OWN, 3, 2)));
            batch.forEach(HBaseLeaderTermFencingTest::await);
            assertThat(await(engine.readLog())).containsExactly(LogRecordSamples.record(OWN, 1, 1),
                    LogRecordSamples.record(OWN, 2, 0), LogRecordSamples.record(OWN, 3, 1));
        }
    }

    private static List<RowWrite> row(String by) {
        return List.of(RowWrite.put("", Row.of("by", by)));
    }

    /** Whether {@code append} was acknowledged; fails the test if it failed otherwise than fenced. */
    private static boolean settle(CompletionStage<Void> append) {
        try {
            append.toCompletableFuture().get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            return true;
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(StoreFencedException.class);
            return false;
        } catch (Exception e) {
            throw new AssertionError("an old leader's append did not settle", e);
        }
    }

    private static <T> T await(CompletionStage<T> stage) {
        try {
            return stage.toCompletableFuture().get(CALL_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw new AssertionError("storage call failed: " + e.getCause(), e.getCause());
        } catch (Exception e) {
            throw new AssertionError("storage call did not complete", e);
        }
    }

    private static void assertFenced(CompletionStage<?> write, long writer, long claimed) {
        assertThat(write.toCompletableFuture()).failsWithin(CALL_TIMEOUT).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOf(StoreFencedException.class)
                .withMessage(new StoreFencedException(writer, claimed).getMessage());
    }
}
