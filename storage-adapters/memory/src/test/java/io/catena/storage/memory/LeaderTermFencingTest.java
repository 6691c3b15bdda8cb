package io.catena.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreFencedException;
import io.catena.storage.conformance.LogRecordSamples;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** Writes of a coordinator whose leader term is over are refused; its successor's and every read pass. */
class LeaderTermFencingTest {

    private static final ChainKey ANSWER = ChainKey.of("__catena_answers", "7-1");

    private static final RegionId REGION = RegionId.of(0);

    private final MemoryStorageEngine store = new MemoryStorageEngine();

    @Test
    void aClaimedStoreRefusesEveryWriteOfAnOlderTermAndPassesTheNewOnes() {
        StorageEngine old = store.fencedBy(REGION, 1);
        assertThat(store.claimTerm(REGION, 1)).succeedsWithin(Duration.ZERO);
        assertThat(old.appendLog(LogRecordSamples.record(0, 1, 0))).succeedsWithin(Duration.ZERO);

        assertThat(store.claimTerm(REGION, 2)).succeedsWithin(Duration.ZERO);
        StorageEngine successor = store.fencedBy(REGION, 2);
        assertFenced(old.appendLog(LogRecordSamples.record(0, 2, 0)), 1, 2);
        assertFenced(old.apply(ANSWER, Version.of(1, 0), List.of(RowWrite.put("", Row.of("v", "old")))), 1, 2);
        assertFenced(old.truncateLog(RegionId.of(0), 1), 1, 2);
        assertFenced(old.dropPartition(ANSWER), 1, 2);

        assertThat(old.readLog().toCompletableFuture().join()).as("reads pass").hasSize(1);
        assertThat(successor.appendLog(LogRecordSamples.record(0, 2, 1))).succeedsWithin(Duration.ZERO);
        assertThat(store.readLog().toCompletableFuture().join()).as("only the successor's record 2 got in")
                .containsExactly(LogRecordSamples.record(0, 1, 0), LogRecordSamples.record(0, 2, 1));
    }

    @Test
    void aTermCannotClaimAStoreALaterTermHoldsAndReclaimingItsOwnIsHarmless() {
        assertThat(store.claimTerm(REGION, 5)).succeedsWithin(Duration.ZERO);
        assertThat(store.claimTerm(REGION, 5)).succeedsWithin(Duration.ZERO);
        assertFenced(store.claimTerm(REGION, 4), 4, 5);
    }

    private static void assertFenced(CompletionStage<?> write, long writer, long claimed) {
        assertThat(write.toCompletableFuture()).failsWithin(Duration.ZERO)
                .withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOf(StoreFencedException.class)
                .withMessage("the store belongs to leader term " + claimed + ", so a write of term " + writer
                        + " is refused: that leader's term is over");
    }
}
