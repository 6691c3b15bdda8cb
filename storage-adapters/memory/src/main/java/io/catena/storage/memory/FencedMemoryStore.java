package io.catena.storage.memory;

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

/**
 * The embedded store as a coordinator of one leader term writes it ({@link MemoryStorageEngine#fencedBy}, for any region):
 * every write is checked against the store's claimed term under the store's lock, reads pass.
 * Closing the view leaves the store open: the host that opened the store closes it.
 */
final class FencedMemoryStore implements StorageEngine {

    private final MemoryStorageEngine store;
    private final long term;

    FencedMemoryStore(MemoryStorageEngine store, long term) {
        this.store = store;
        this.term = term;
    }

    @Override
    public CompletionStage<PartitionImage> loadPartition(ChainKey key) {
        return store.loadPartition(key);
    }

    @Override
    public CompletionStage<SortedMap<String, Row>> readPartition(ChainKey key, Version atOrBelow) {
        return store.readPartition(key, atOrBelow);
    }

    @Override
    public CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return store.ifTermHolds(term, () -> store.apply(key, version, writes));
    }

    @Override
    public CompletionStage<Void> collectGarbage(ChainKey key, Version horizon) {
        return store.ifTermHolds(term, () -> store.collectGarbage(key, horizon));
    }

    @Override
    public CompletionStage<Void> dropPartition(ChainKey key) {
        return store.ifTermHolds(term, () -> store.dropPartition(key));
    }

    @Override
    public CompletionStage<List<ChainKey>> listKeys(String table) {
        return store.listKeys(table);
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        return store.ifTermHolds(term, () -> store.appendLog(record));
    }

    @Override
    public CompletionStage<List<RLogRecord>> readLog() {
        return store.readLog();
    }

    @Override
    public CompletionStage<Void> truncateLog(RegionId origin, long throughEpoch) {
        return store.ifTermHolds(term, () -> store.truncateLog(origin, throughEpoch));
    }

    @Override
    public CompletionStage<Void> claimTerm(RegionId region, long claimed) {
        return store.claimTerm(region, claimed);
    }

    @Override
    public StorageEngine fencedBy(RegionId region, long other) {
        return store.fencedBy(region, other);
    }

    @Override
    public void close() {
    }
}
