package io.catena.lab.fault;

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
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The data of a region split over processes on the embedded store, read back as one store for
 * the audit: each chain-server process journals the keys its chain server owns, so a key is in
 * exactly one of {@code parts}, and its rows are read from the first part that has any.
 * Read-only; closes its parts.
 */
public final class PartitionedStores implements StorageEngine {

    private final List<StorageEngine> parts;

    public PartitionedStores(List<StorageEngine> parts) {
        this.parts = List.copyOf(parts);
    }

    @Override
    public CompletionStage<List<ChainKey>> listKeys(String table) {
        TreeSet<ChainKey> keys = new TreeSet<>();
        parts.forEach(p -> keys.addAll(p.listKeys(table).toCompletableFuture().join()));
        return CompletableFuture.completedFuture(List.copyOf(keys));
    }

    @Override
    public CompletionStage<SortedMap<String, Row>> readPartition(ChainKey key, Version atOrBelow) {
        SortedMap<String, Row> found = null;
        for (StorageEngine p : parts) {
            SortedMap<String, Row> rows = p.readPartition(key, atOrBelow).toCompletableFuture().join();
            if (found == null || found.isEmpty()) {
                found = rows;
            }
        }
        return CompletableFuture.completedFuture(found);
    }

    @Override
    public CompletionStage<PartitionImage> loadPartition(ChainKey key) {
        throw readOnly();
    }

    @Override
    public CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        throw readOnly();
    }

    @Override
    public CompletionStage<Void> collectGarbage(ChainKey key, Version horizon) {
        throw readOnly();
    }

    @Override
    public CompletionStage<Void> dropPartition(ChainKey key) {
        throw readOnly();
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        throw readOnly();
    }

    @Override
    public CompletionStage<List<RLogRecord>> readLog() {
        throw readOnly();
    }

    @Override
    public CompletionStage<Void> truncateLog(RegionId origin, long throughEpoch) {
        throw readOnly();
    }

    private static UnsupportedOperationException readOnly() {
        return new UnsupportedOperationException("the audit's view of a split region's stores only reads partitions");
    }

    @Override
    public void close() {
        parts.forEach(StorageEngine::close);
    }
}
