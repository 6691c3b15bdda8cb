package io.catena.core.spi;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;

/**
 * A view of a store that passes every call to it, for a subclass to change some: what an
 * adapter's {@link StorageEngine#fencedBy fenced view} extends, overriding the writes it fences.
 * Closing a view leaves the store open: whoever opened the store closes it.
 */
public abstract class StoreView implements StorageEngine {

    private final StorageEngine store;

    protected StoreView(StorageEngine store) {
        this.store = store;
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
    public CompletionStage<List<ChainKey>> listKeys(String table) {
        return store.listKeys(table);
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
    public CompletionStage<Void> claimTerm(RegionId region, long term) {
        return store.claimTerm(region, term);
    }

    @Override
    public StorageEngine fencedBy(RegionId region, long term) {
        return store.fencedBy(region, term);
    }

    @Override
    public Optional<StorageLocality> locality() {
        return store.locality();
    }

    @Override
    public void close() {
    }
}
