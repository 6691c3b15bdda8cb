package io.catena.server.host;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.Pending;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoragePort;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A node's {@link StoragePort} over a region's {@link StorageEngine}: the engine completes on a
 * thread of its own choosing, and the completion is handed back to the node's thread as a step
 * ({@link StorageCall}), never run inside the call that registered it, and only if the node has
 * not been restarted since ({@code generation}).
 */
final class EngineStoragePort implements StoragePort {

    private final StorageEngine engine;
    private final NodeRunner owner;
    private final int generation;

    EngineStoragePort(StorageEngine engine, NodeRunner owner, int generation) {
        this.engine = engine;
        this.owner = owner;
        this.generation = generation;
    }

    private <T> Pending<T> pending(CompletionStage<T> stage) {
        return new StorageCall<>(stage, owner, generation);
    }

    @Override
    public Pending<PartitionImage> loadPartition(ChainKey key) {
        return pending(engine.loadPartition(key));
    }

    @Override
    public Pending<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return pending(engine.apply(key, version, writes));
    }

    @Override
    public Pending<Void> appendLog(RLogRecord record) {
        return pending(engine.appendLog(record));
    }

    @Override
    public Pending<List<RLogRecord>> readLog() {
        return pending(engine.readLog());
    }

    @Override
    public Pending<Void> truncateLog(RegionId origin, long throughEpoch) {
        return pending(engine.truncateLog(origin, throughEpoch));
    }

    @Override
    public Pending<Void> collectGarbage(ChainKey key, Version horizon) {
        return pending(engine.collectGarbage(key, horizon));
    }

    @Override
    public Pending<Void> dropPartition(ChainKey key) {
        return pending(engine.dropPartition(key));
    }
}
