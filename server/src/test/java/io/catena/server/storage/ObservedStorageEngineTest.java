package io.catena.server.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.membership.HashPositions;
import io.catena.core.membership.KeyPositions;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.LocalityCounts;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StorageLocality;
import io.catena.storage.memory.MemoryStorageEngine;
import java.util.List;
import org.junit.jupiter.api.Test;

class ObservedStorageEngineTest {

    private static final ChainKey KEY = ChainKey.of("accounts", "alice");

    @Test
    void countsEachCallByKindAndSubtractsEarlierSnapshots() {
        StorageMeter meter = new StorageMeter();
        StorageEngine store = ObservedStorageEngine.of(new MemoryStorageEngine(), meter);
        StorageMeter.Snapshot before = meter.snapshot();

        store.apply(KEY, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 1)))).toCompletableFuture().join();
        store.apply(KEY, Version.of(2, 0), List.of(RowWrite.put("", Row.of("n", 2)))).toCompletableFuture().join();
        store.collectGarbage(KEY, Version.of(2, 0)).toCompletableFuture().join();
        store.loadPartition(KEY).toCompletableFuture().join();

        StorageMeter.Snapshot calls = meter.snapshot().since(before);
        assertThat(calls.calls(StorageOp.APPLY)).isEqualTo(2);
        assertThat(calls.calls(StorageOp.GC)).isEqualTo(1);
        assertThat(calls.calls(StorageOp.LOAD)).isEqualTo(1);
        assertThat(calls.calls(StorageOp.LOG_APPEND)).isZero();
        assertThat(calls.totalCalls()).isEqualTo(4);
        assertThat(calls.nanos(StorageOp.APPLY)).isNotNegative();
    }

    @Test
    void aStoreThatKnowsWhereKeysLiveStillTellsThroughTheMeter() {
        StorageEngine memory = new MemoryStorageEngine();
        assertThat(ObservedStorageEngine.of(memory, new StorageMeter())).isNotInstanceOf(StorageLocality.class);

        StorageEngine located = new LocatedMemoryStore();
        StorageEngine metered = ObservedStorageEngine.of(located, new StorageMeter());
        assertThat(metered).isInstanceOf(StorageLocality.class);
        assertThat(((StorageLocality) metered).storageNodes()).containsExactly("node-a", "node-b");
        assertThat(((StorageLocality) metered).storageNodeOf(KEY)).isEqualTo(1);
        assertThat(((StorageLocality) metered).positions()).isSameAs(HashPositions.INSTANCE);
        assertThat(((StorageLocality) metered).layout()).isEqualTo(LocatedMemoryStore.LAYOUT);
        assertThat(((StorageLocality) metered).localityCounts()).isEqualTo(new LocalityCounts(3, 1));
    }

    /** The embedded store pretending to span two nodes. */
    private static final class LocatedMemoryStore extends ObservedStorageEngine implements StorageLocality {
        static final StoreLayout LAYOUT = new StoreLayout(HashPositions.SCHEME, List.of("node-a", "node-b"),
                List.of(new KeyRange(new byte[0], 1)));

        LocatedMemoryStore() {
            super(new MemoryStorageEngine(), new StorageMeter());
        }

        @Override
        public List<String> storageNodes() {
            return List.of("node-a", "node-b");
        }

        @Override
        public int storageNodeOf(ChainKey key) {
            return 1;
        }

        @Override
        public KeyPositions positions() {
            return HashPositions.INSTANCE;
        }

        @Override
        public StoreLayout layout() {
            return LAYOUT;
        }

        @Override
        public LocalityCounts localityCounts() {
            return new LocalityCounts(3, 1);
        }
    }
}
