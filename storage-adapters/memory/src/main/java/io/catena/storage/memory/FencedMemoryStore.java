package io.catena.storage.memory;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.StoreView;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The embedded store as a coordinator of one leader term writes it ({@link MemoryStorageEngine#fencedBy}, for any region):
 * every write is checked against the store's claimed term under the store's lock, reads pass.
 */
final class FencedMemoryStore extends StoreView {

    private final MemoryStorageEngine store;
    private final long term;

    FencedMemoryStore(MemoryStorageEngine store, long term) {
        super(store);
        this.store = store;
        this.term = term;
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
    public CompletionStage<Void> appendLog(RLogRecord record) {
        return store.ifTermHolds(term, () -> store.appendLog(record));
    }

    @Override
    public CompletionStage<Void> truncateLog(RegionId origin, long throughEpoch) {
        return store.ifTermHolds(term, () -> store.truncateLog(origin, throughEpoch));
    }
}
