package io.catena.storage.hbase;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.GroupedLogAppends;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StorageLocality;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;

/**
 * The HBase store as {@code region}'s coordinator of one leader term writes it
 * ({@link HBaseStorageEngine#fencedBy}): appends of the region's own records and writes of leader
 * rows are conditional on the term ({@link ReplicatedLogTable}, {@link LeaderRows}); reads and
 * every other write are the engine's own, since they are functions of the log. The view's own
 * records are grouped apart from the engine's, so that a refused write refuses only the view's.
 * Closing the view leaves the engine open: the host that opened the engine closes it.
 */
final class FencedHBaseStore implements StorageEngine {

    private final HBaseStorageEngine store;
    private final RegionId region;
    private final long term;
    private final GroupedLogAppends ownAppends;

    FencedHBaseStore(HBaseStorageEngine store, RegionId region, long term, GroupedLogAppends ownAppends) {
        this.store = store;
        this.region = region;
        this.term = term;
        this.ownAppends = ownAppends;
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
    public CompletionStage<List<ChainKey>> listKeys(String table) {
        return store.listKeys(table);
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        boolean own = record != null && region.equals(record.origin());
        return own ? store.appendLog(record, ownAppends) : store.appendLog(record);
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
    public CompletionStage<Void> claimTerm(RegionId claiming, long claimed) {
        return store.claimTerm(claiming, claimed);
    }

    @Override
    public StorageEngine fencedBy(RegionId fencing, long fenced) {
        return store.fencedBy(fencing, fenced);
    }

    @Override
    public Optional<StorageLocality> locality() {
        return store.locality();
    }

    @Override
    public void close() {
    }
}
