package io.catena.coordinator;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.Pending;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.StoreFencedException;
import java.util.List;

/**
 * The coordinator's storage port, watched for the one failure that is final: a write refused
 * because a later leader's term claimed the store ({@link StoreFencedException}). The coordinator
 * then steps down before the failure reaches the code that made the write, which would otherwise
 * take it for a store's hiccup and retry.
 */
final class FenceWatch implements StoragePort {

    private final StoragePort port;
    private final Runnable onFenced;

    FenceWatch(StoragePort port, Runnable onFenced) {
        this.port = port;
        this.onFenced = onFenced;
    }

    private <T> Pending<T> watched(Pending<T> pending) {
        return completion -> pending.whenDone((now, value, failure) -> {
            if (failure != null && StoreFencedException.isFenced(failure)) {
                onFenced.run();
            }
            completion.complete(now, value, failure);
        });
    }

    @Override
    public Pending<PartitionImage> loadPartition(ChainKey key) {
        return port.loadPartition(key);
    }

    @Override
    public Pending<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return watched(port.apply(key, version, writes));
    }

    @Override
    public Pending<Void> appendLog(RLogRecord record) {
        return watched(port.appendLog(record));
    }

    @Override
    public Pending<List<RLogRecord>> readLog() {
        return port.readLog();
    }

    @Override
    public Pending<Void> truncateLog(RegionId origin, long throughEpoch) {
        return watched(port.truncateLog(origin, throughEpoch));
    }

    @Override
    public Pending<Void> collectGarbage(ChainKey key, Version horizon) {
        return watched(port.collectGarbage(key, horizon));
    }

    @Override
    public Pending<Void> dropPartition(ChainKey key) {
        return watched(port.dropPartition(key));
    }
}
