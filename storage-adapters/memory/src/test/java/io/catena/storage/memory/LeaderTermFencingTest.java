package io.catena.storage.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreFencedException;
import io.catena.storage.conformance.LeaderTermFencingConformanceTest;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.api.Test;

/** The fencing contract on the embedded store, which fences every write of a deposed leader, answers too. */
class LeaderTermFencingTest extends LeaderTermFencingConformanceTest {

    private final MemoryStorageEngine store = new MemoryStorageEngine();

    @Override
    protected StorageEngine openStore() {
        return store;
    }

    @Override
    protected StorageEngine openAgain(StorageEngine first) {
        return first;
    }

    @Test
    void theEmbeddedStoreAlsoRefusesTheOlderTermsAnswersDropsAndTruncations() {
        RegionId region = RegionId.of(0);
        StorageEngine old = store.fencedBy(region, 1);
        assertThat(store.claimTerm(region, 2)).succeedsWithin(Duration.ZERO);
        ChainKey answer = ChainKey.of("__catena_answers", "7-1");
        for (var write : List.of(old.apply(answer, Version.of(1, 0), List.of(RowWrite.put("", Row.of("v", "old")))),
                old.dropPartition(answer), old.truncateLog(region, 1))) {
            assertThat(write.toCompletableFuture()).failsWithin(Duration.ZERO)
                    .withThrowableOfType(ExecutionException.class)
                    .havingCause().isInstanceOf(StoreFencedException.class);
        }
    }
}
