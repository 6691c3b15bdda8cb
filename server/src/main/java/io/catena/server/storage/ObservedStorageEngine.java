package io.catena.server.storage;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StorageLocality;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;

/**
 * A store that tells a {@link StorageObserver} how each of its calls ended and how long it took:
 * for the benchmark's storage meter and the region's store health. It keeps the wrapped store's
 * locality, so placing chain servers beside their data still works.
 */
public final class ObservedStorageEngine implements StorageEngine {

    private final StorageEngine store;
    private final StorageObserver observer;

    private ObservedStorageEngine(StorageEngine store, StorageObserver observer) {
        this.store = store;
        this.observer = observer;
    }

    /** Observes {@code store}, keeping its locality if it has one. */
    public static StorageEngine of(StorageEngine store, StorageObserver observer) {
        return new ObservedStorageEngine(store, observer);
    }

    /**
     * Tells the observer how {@code stage}, the store's answer to a call made at {@code startNanos},
     * ends. Callers read the clock in the argument before the call: Java evaluates arguments from
     * left to right. A stage that is already complete (the embedded store's) is observed at once
     * and handed on as it is.
     */
    private <T> CompletionStage<T> observe(StorageOp op, long startNanos, CompletionStage<T> stage) {
        if (ReadyStage.isReady(stage)) {
            observer.completed(op, System.nanoTime() - startNanos, null);
            return stage;
        }
        return stage.whenComplete((value, failure) -> observer.completed(op, System.nanoTime() - startNanos, failure));
    }

    @Override
    public CompletionStage<PartitionImage> loadPartition(ChainKey key) {
        return observe(StorageOp.LOAD, System.nanoTime(), store.loadPartition(key));
    }

    @Override
    public CompletionStage<SortedMap<String, Row>> readPartition(ChainKey key, Version atOrBelow) {
        return observe(StorageOp.READ, System.nanoTime(), store.readPartition(key, atOrBelow));
    }

    @Override
    public CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return observe(StorageOp.APPLY, System.nanoTime(), store.apply(key, version, writes));
    }

    @Override
    public CompletionStage<Void> collectGarbage(ChainKey key, Version horizon) {
        return observe(StorageOp.GC, System.nanoTime(), store.collectGarbage(key, horizon));
    }

    @Override
    public CompletionStage<Void> dropPartition(ChainKey key) {
        return observe(StorageOp.DROP, System.nanoTime(), store.dropPartition(key));
    }

    @Override
    public CompletionStage<List<ChainKey>> listKeys(String table) {
        return observe(StorageOp.LIST_KEYS, System.nanoTime(), store.listKeys(table));
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        return observe(StorageOp.LOG_APPEND, System.nanoTime(), store.appendLog(record));
    }

    @Override
    public CompletionStage<List<RLogRecord>> readLog() {
        return observe(StorageOp.LOG_READ, System.nanoTime(), store.readLog());
    }

    @Override
    public CompletionStage<Void> truncateLog(RegionId origin, long throughEpoch) {
        return observe(StorageOp.LOG_TRUNCATE, System.nanoTime(), store.truncateLog(origin, throughEpoch));
    }

    /** Claims the wrapped store: a claim is rare and no part of the store's load to meter. */
    @Override
    public CompletionStage<Void> claimTerm(RegionId region, long term) {
        return store.claimTerm(region, term);
    }

    /** The wrapped store's view fenced by {@code term}, observed like this one. */
    @Override
    public StorageEngine fencedBy(RegionId region, long term) {
        return new ObservedStorageEngine(store.fencedBy(region, term), observer);
    }

    /** The wrapped store's locality: where its keys live is not a store call to observe. */
    @Override
    public Optional<StorageLocality> locality() {
        return store.locality();
    }

    @Override
    public void close() {
        store.close();
    }
}
