package io.catena.tpcc.check;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.StorageEngine;
import java.util.List;
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;
import java.util.function.BiFunction;

/**
 * A store whose partition reads pass through a function first, to fail them or complete them
 * late on other threads, as a remote store's might. Everything else goes straight to the store.
 */
final class InterceptedReads implements StorageEngine {

    private final StorageEngine store;
    private final BiFunction<ChainKey, CompletionStage<SortedMap<String, Row>>,
            CompletionStage<SortedMap<String, Row>>> intercept;

    InterceptedReads(StorageEngine store, BiFunction<ChainKey, CompletionStage<SortedMap<String, Row>>,
            CompletionStage<SortedMap<String, Row>>> intercept) {
        this.store = store;
        this.intercept = intercept;
    }

    @Override
    public CompletionStage<SortedMap<String, Row>> readPartition(ChainKey key, Version atOrBelow) {
        return intercept.apply(key, store.readPartition(key, atOrBelow));
    }

    @Override
    public CompletionStage<List<ChainKey>> listKeys(String table) {
        return store.listKeys(table);
    }

    @Override
    public CompletionStage<PartitionImage> loadPartition(ChainKey key) {
        return store.loadPartition(key);
    }

    @Override
    public CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return store.apply(key, version, writes);
    }

    @Override
    public CompletionStage<Void> collectGarbage(ChainKey key, Version horizon) {
        return store.collectGarbage(key, horizon);
    }

    @Override
    public CompletionStage<Void> dropPartition(ChainKey key) {
        return store.dropPartition(key);
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        return store.appendLog(record);
    }

    @Override
    public CompletionStage<List<RLogRecord>> readLog() {
        return store.readLog();
    }

    @Override
    public CompletionStage<Void> truncateLog(RegionId origin, long throughEpoch) {
        return store.truncateLog(origin, throughEpoch);
    }

    @Override
    public void close() {
        store.close();
    }
}
