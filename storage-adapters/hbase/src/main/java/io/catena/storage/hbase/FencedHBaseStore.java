package io.catena.storage.hbase;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.GroupedLogAppends;
import io.catena.core.spi.StoreView;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * The HBase store as {@code region}'s coordinator of one leader term writes it
 * ({@link HBaseStorageEngine#fencedBy}): appends of the region's own records and writes of leader
 * rows are conditional on the term ({@link ReplicatedLogTable}, {@link LeaderRows}); reads and
 * every other write are the engine's own, since they are functions of the log. The view's own
 * records are grouped apart from the engine's, so that a refused write refuses only the view's.
 * Closing the view leaves the engine open: the host that opened the engine closes it.
 */
final class FencedHBaseStore extends StoreView {

    private final HBaseStorageEngine store;
    private final RegionId region;
    private final long term;
    private final GroupedLogAppends ownAppends;

    FencedHBaseStore(HBaseStorageEngine store, RegionId region, long term, GroupedLogAppends ownAppends) {
        super(store);
        this.store = store;
        this.region = region;
        this.term = term;
        this.ownAppends = ownAppends;
    }

    @Override
    public CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return store.apply(key, version, writes, store.guardOf(key, region, term));
    }

    @Override
    public CompletionStage<Void> collectGarbage(ChainKey key, Version horizon) {
        return store.collectGarbage(key, horizon, store.guardOf(key, region, term));
    }

    @Override
    public CompletionStage<Void> dropPartition(ChainKey key) {
        return store.dropPartition(key, store.guardOf(key, region, term));
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        boolean own = record != null && region.equals(record.origin());
        return own ? store.appendLog(record, ownAppends) : store.appendLog(record);
    }
}
