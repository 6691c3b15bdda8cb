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
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

class ObservedStorageEngineTest {

    private static final ChainKey KEY = ChainKey.of("accounts", "alice");

    /** The embedded store's keys as if they lay on the second of two nodes. */
    private static final StorageLocality TWO_NODES = new StorageLocality() {
        @Override
        public KeyPositions positions() {
            return HashPositions.INSTANCE;
        }

        @Override
        public StoreLayout layout() {
            return new StoreLayout(HashPositions.SCHEME, List.of("node-a", "node-b"), List.of(new KeyRange(new byte[0], 1)));
        }

        @Override
        public LocalityCounts localityCounts() {
            return new LocalityCounts(3, 1);
        }
    };

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
    void aCallIsObservedWhenItEndsWhetherTheStoreAnsweredAtOnceLaterOrWithAFailure() {
        CompletableFuture<Void> later = new CompletableFuture<>();
        IllegalStateException broken = new IllegalStateException("disk full");
        StorageEngine store = answering(new MemoryStorageEngine(), "apply", later);
        List<String> observed = new ArrayList<>();
        StorageEngine observedStore = ObservedStorageEngine.of(store, (op, nanos, failure) ->
                observed.add(op + " " + (failure == null ? "ok" : failure.getMessage())));

        observedStore.loadPartition(KEY).toCompletableFuture().join();
        assertThat(observed).as("an answer there at once is observed at once").containsExactly("LOAD ok");

        CompletionStage<Void> applied = observedStore.apply(KEY, Version.of(1, 0), List.of(RowWrite.delete("")));
        assertThat(observed).as("an answer still to come is not observed yet").hasSize(1);
        later.completeExceptionally(broken);
        assertThat(observed).containsExactly("LOAD ok", "APPLY disk full");
        assertThat(applied.toCompletableFuture()).isCompletedExceptionally();
    }

    @Test
    void aStoreThatKnowsWhereKeysLiveStillTellsThroughTheMeter() {
        assertThat(ObservedStorageEngine.of(new MemoryStorageEngine(), new StorageMeter()).locality()).isEmpty();

        StorageMeter meter = new StorageMeter();
        StorageEngine metered = ObservedStorageEngine.of(located(new MemoryStorageEngine(), TWO_NODES), meter);
        assertThat(metered.locality()).containsSame(TWO_NODES);
        StorageLocality locality = metered.locality().orElseThrow();
        assertThat(locality.layout().nodes()).containsExactly("node-a", "node-b");
        assertThat(locality.layout().nodeOf(locality.positions().positionOf(KEY))).isEqualTo(1);
        assertThat(locality.localityCounts()).isEqualTo(new LocalityCounts(3, 1));

        metered.apply(KEY, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 1)))).toCompletableFuture().join();
        assertThat(meter.snapshot().calls(StorageOp.APPLY)).as("calls to the located store are still observed").isEqualTo(1);
    }

    /** {@code store} answering every call itself except {@code method}, which answers {@code answer}. */
    private static StorageEngine answering(StorageEngine store, String method, CompletionStage<?> answer) {
        return (StorageEngine) Proxy.newProxyInstance(StorageEngine.class.getClassLoader(), new Class<?>[] {StorageEngine.class},
                (proxy, m, args) -> m.getName().equals(method) ? answer : m.invoke(store, args));
    }

    /** {@code store} answering every call itself but telling {@code locality} as where its keys live. */
    private static StorageEngine located(StorageEngine store, StorageLocality locality) {
        return (StorageEngine) Proxy.newProxyInstance(StorageEngine.class.getClassLoader(), new Class<?>[] {StorageEngine.class},
                (proxy, method, args) -> method.getName().equals("locality") ? Optional.of(locality) : method.invoke(store, args));
    }
}
