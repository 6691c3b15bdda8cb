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
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * A store that counts its calls and their round trips in a {@link StorageMeter}, for benchmarks.
 * It keeps the wrapped store's locality, so placing chain servers beside their data still works.
 */
public class MeteredStorageEngine implements StorageEngine {

    private final StorageEngine store;
    private final StorageMeter meter;

    protected MeteredStorageEngine(StorageEngine store, StorageMeter meter) {
        this.store = store;
        this.meter = meter;
    }

    /** Meters {@code store}, keeping its locality if it has one. */
    public static StorageEngine of(StorageEngine store, StorageMeter meter) {
        return store instanceof StorageLocality locality
                ? new Local(store, locality, meter)
                : new MeteredStorageEngine(store, meter);
    }

    private <T> CompletionStage<T> timed(StorageOp op, Supplier<CompletionStage<T>> call) {
        long start = System.nanoTime();
        return call.get().whenComplete((value, failure) -> meter.record(op, System.nanoTime() - start));
    }

    @Override
    public CompletionStage<PartitionImage> loadPartition(ChainKey key) {
        return timed(StorageOp.LOAD, () -> store.loadPartition(key));
    }

    @Override
    public CompletionStage<SortedMap<String, Row>> readPartition(ChainKey key, Version atOrBelow) {
        return timed(StorageOp.READ, () -> store.readPartition(key, atOrBelow));
    }

    @Override
    public CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return timed(StorageOp.APPLY, () -> store.apply(key, version, writes));
    }

    @Override
    public CompletionStage<Void> collectGarbage(ChainKey key, Version horizon) {
        return timed(StorageOp.GC, () -> store.collectGarbage(key, horizon));
    }

    @Override
    public CompletionStage<Void> dropPartition(ChainKey key) {
        return timed(StorageOp.DROP, () -> store.dropPartition(key));
    }

    @Override
    public CompletionStage<List<ChainKey>> listKeys(String table) {
        return timed(StorageOp.LIST_KEYS, () -> store.listKeys(table));
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        return timed(StorageOp.LOG_APPEND, () -> store.appendLog(record));
    }

    @Override
    public CompletionStage<List<RLogRecord>> readLog() {
        return timed(StorageOp.LOG_READ, store::readLog);
    }

    @Override
    public CompletionStage<Void> truncateLog(RegionId origin, long throughEpoch) {
        return timed(StorageOp.LOG_TRUNCATE, () -> store.truncateLog(origin, throughEpoch));
    }

    @Override
    public void close() {
        store.close();
    }

    /** A metered store that also tells where its keys live. */
    private static final class Local extends MeteredStorageEngine implements StorageLocality {

        private final StorageLocality locality;

        Local(StorageEngine store, StorageLocality locality, StorageMeter meter) {
            super(store, meter);
            this.locality = locality;
        }

        @Override
        public List<String> storageNodes() {
            return locality.storageNodes();
        }

        @Override
        public int storageNodeOf(ChainKey key) {
            return locality.storageNodeOf(key);
        }
    }
}
