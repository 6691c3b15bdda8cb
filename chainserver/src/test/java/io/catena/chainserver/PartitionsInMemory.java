package io.catena.chainserver;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.Pending;
import io.catena.core.spi.StoragePort;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * A chain server's storage for tests: partitions in memory, applied when issued, and every
 * completion handed to the test ({@code deliver}) to run when it chooses, at the test's time, as a
 * real host delivers completions as later steps of the node. The replicated log stays empty.
 */
final class PartitionsInMemory implements StoragePort {

    final Map<ChainKey, VersionedPartition> partitions = new HashMap<>();
    private final Consumer<Runnable> deliver;
    private final LongSupplier now;

    PartitionsInMemory(Consumer<Runnable> deliver, LongSupplier now) {
        this.deliver = deliver;
        this.now = now;
    }

    private <T> Pending<T> later(T value) {
        return completion -> deliver.accept(() -> completion.complete(now.getAsLong(), value, null));
    }

    @Override
    public Pending<PartitionImage> loadPartition(ChainKey key) {
        return later(partitions.computeIfAbsent(key, VersionedPartition::new).toImage());
    }

    /** How many of the next applies fail, as a store that is down refuses them: nothing is written. */
    int failingApplies;

    @Override
    public Pending<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        if (failingApplies > 0) {
            failingApplies--;
            return completion -> deliver.accept(() -> completion.complete(now.getAsLong(), null,
                    new IllegalStateException("the store is down")));
        }
        partitions.computeIfAbsent(key, VersionedPartition::new).apply(version, writes);
        return later(null);
    }

    @Override
    public Pending<Void> appendLog(RLogRecord record) {
        return later(null);
    }

    @Override
    public Pending<List<RLogRecord>> readLog() {
        return later(List.of());
    }

    @Override
    public Pending<Void> truncateLog(RegionId origin, long throughEpoch) {
        return later(null);
    }

    @Override
    public Pending<Void> collectGarbage(ChainKey key, Version horizon) {
        return later(null);
    }

    @Override
    public Pending<Void> dropPartition(ChainKey key) {
        return later(null);
    }
}
