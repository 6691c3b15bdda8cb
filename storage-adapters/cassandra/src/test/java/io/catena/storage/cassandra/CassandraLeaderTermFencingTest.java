package io.catena.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreFencedException;
import io.catena.storage.conformance.LeaderTermFencingConformanceTest;
import io.catena.storage.conformance.LogRecordSamples;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Leader-term fencing against a real Cassandra: each test gets a keyspace of its own, which the
 * deposed leader and its successor open as two coordinator processes would, each with its own
 * engine and driver session, so nothing one engine remembers can let the other's writes through.
 * The tests here add what the adapter's shortcuts could get wrong: the log's remembered epochs,
 * leader partitions written after a claim, drops, and the first record of an epoch.
 */
@ExtendWith(TestCassandra.class)
class CassandraLeaderTermFencingTest extends LeaderTermFencingConformanceTest {

    private static final Duration CALL = Duration.ofSeconds(10);
    private static final RegionId REGION = RegionId.of(0);
    private static final String MEMBERSHIP = StorageEngine.LEADER_TABLES.iterator().next();

    private CassandraStorageEngine deposed;
    private CassandraStorageEngine successor;

    @Override
    protected StorageEngine openStore() {
        deposed = CassandraStorageEngine.open(TestCassandra.freshSettings());
        return deposed;
    }

    @Override
    protected StorageEngine openAgain(StorageEngine first) {
        successor = CassandraStorageEngine.open(((CassandraStorageEngine) first).settings());
        return successor;
    }

    @Test
    void aDeposedLeaderIsNeverToldFromWhatItRemembersThatItsRecordIsStored() {
        StorageEngine old = deposed.fencedBy(REGION, 1);
        succeeds(deposed.claimTerm(REGION, 1));
        succeeds(old.appendLog(LogRecordSamples.record(0, 1, 0)));
        succeeds(successor.claimTerm(REGION, 2));
        succeeds(successor.fencedBy(REGION, 2).appendLog(LogRecordSamples.record(0, 2, 1)));
        // The refusal makes the deposed engine read the origin afresh, so it now knows epoch 2 is stored.
        fenced(old.appendLog(LogRecordSamples.record(0, 3, 0)));

        fenced(old.appendLog(LogRecordSamples.record(0, 2, 0)));
        assertThat(result(deposed.readLog())).containsExactly(LogRecordSamples.record(0, 1, 0), LogRecordSamples.record(0, 2, 1));
    }

    @Test
    void aLeaderPartitionTheDeposedLeaderFirstWritesAfterTheClaimIsRefused() {
        ChainKey later = ChainKey.of(MEMBERSHIP, "later");
        succeeds(deposed.claimTerm(REGION, 1));
        succeeds(successor.claimTerm(REGION, 2));

        fenced(deposed.fencedBy(REGION, 1).apply(later, Version.of(1, 0), membership("old")));
        assertThat(result(successor.readPartition(later, Version.of(1, 0)))).isEmpty();
        succeeds(successor.fencedBy(REGION, 2).apply(later, Version.of(2, 0), membership("new")));
        assertThat(result(deposed.readPartition(later, Version.of(2, 0))).get("")).isEqualTo(Row.of("by", "new"));
    }

    @Test
    void aDeposedLeadersDropAndGarbageCollectionOfALeaderPartitionAreRefused() {
        ChainKey membership = ChainKey.of(MEMBERSHIP, "region");
        StorageEngine old = deposed.fencedBy(REGION, 1);
        succeeds(deposed.claimTerm(REGION, 1));
        succeeds(old.apply(membership, Version.of(1, 0), membership("old")));
        succeeds(successor.claimTerm(REGION, 2));

        fenced(old.dropPartition(membership));
        fenced(old.collectGarbage(membership, Version.of(1, 0)));
        assertThat(result(successor.readPartition(membership, Version.of(1, 0))).get("")).isEqualTo(Row.of("by", "old"));
    }

    @Test
    void theLeadersOwnLogKeepsTheFirstRecordOfAnEpoch() {
        StorageEngine leader = deposed.fencedBy(REGION, 1);
        succeeds(deposed.claimTerm(REGION, 1));
        succeeds(leader.appendLog(LogRecordSamples.record(0, 1, 0)));
        succeeds(successor.fencedBy(REGION, 1).appendLog(LogRecordSamples.record(0, 1, 1)));
        succeeds(leader.appendLog(LogRecordSamples.record(0, 1, 1)));
        assertThat(result(successor.readLog())).containsExactly(LogRecordSamples.record(0, 1, 0));
    }

    @Test
    void writingThroughATermThatNeverClaimedTheStoreIsTheCallersMistakeNotATakeover() {
        succeeds(deposed.claimTerm(REGION, 1));
        assertThat(deposed.fencedBy(REGION, 3).appendLog(LogRecordSamples.record(0, 1, 0)).toCompletableFuture())
                .failsWithin(CALL).withThrowableOfType(ExecutionException.class).havingCause()
                .isInstanceOf(IllegalStateException.class)
                .withMessage("leader term 3 of region " + REGION + " has not claimed the store (it holds term 1);"
                        + " call claimTerm before writing through fencedBy");
    }

    private static List<RowWrite> membership(String by) {
        return List.of(RowWrite.put("", Row.of("by", by)));
    }

    private static void succeeds(CompletionStage<?> call) {
        result(call);
    }

    private static <T> T result(CompletionStage<T> call) {
        return call.toCompletableFuture().orTimeout(CALL.toSeconds(), TimeUnit.SECONDS).join();
    }

    private static void fenced(CompletionStage<?> write) {
        assertThat(write.toCompletableFuture()).failsWithin(CALL).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOf(StoreFencedException.class)
                .withMessage("the store belongs to leader term 2, so a write of term 1 is refused: that leader's term is over");
    }
}
