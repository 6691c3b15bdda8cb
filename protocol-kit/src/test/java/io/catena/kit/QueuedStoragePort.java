package io.catena.kit;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.Completion;
import io.catena.core.spi.Pending;
import io.catena.core.spi.StoragePort;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Storage for tests of one node: partitions in memory, every completion held until the test
 * delivers it, so that a test decides when storage answers (as a host would, in a later step).
 * In the kit's test jar, for the tests of every protocol built on the kit. It keeps no log.
 */
public final class QueuedStoragePort implements StoragePort {

    private final Map<ChainKey, VersionedPartition> partitions = new HashMap<>();
    private final ArrayDeque<Runnable> completions = new ArrayDeque<>();
    /** How many applies were issued, failed ones included. */
    public int applies;
    /** How many of the next applies fail without taking effect, as a store that is down. */
    public int failingApplies;

    /** Stores a key's initial rows below every commit. */
    public void seed(ChainKey key, String clustering, Row row) {
        partitions.computeIfAbsent(key, VersionedPartition::new).apply(Version.of(0, 1), List.of(RowWrite.put(clustering, row)));
    }

    /** Delivers every completion issued so far, and those they issue in turn. */
    public void deliverAll() {
        Runnable next;
        while ((next = completions.poll()) != null) {
            next.run();
        }
    }

    public int pending() {
        return completions.size();
    }

    public Row read(ChainKey key, String clustering) {
        VersionedPartition p = partitions.get(key);
        return p == null ? null : p.read(clustering, Version.MAX);
    }

    private <T> Pending<T> later(T value) {
        return (Completion<T> completion) -> completions.add(() -> completion.complete(0, value, null));
    }

    @Override
    public Pending<PartitionImage> loadPartition(ChainKey key) {
        return later(partitions.computeIfAbsent(key, VersionedPartition::new).toImage());
    }

    @Override
    public Pending<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        applies++;
        if (failingApplies > 0) {
            failingApplies--;
            return (Completion<Void> completion) -> completions.add(() -> completion.complete(0, null,
                    new IllegalStateException("the store is down")));
        }
        partitions.computeIfAbsent(key, VersionedPartition::new).apply(version, writes);
        return later(null);
    }

    @Override
    public Pending<Void> appendLog(RLogRecord record) {
        throw new UnsupportedOperationException("this storage double keeps no log");
    }

    @Override
    public Pending<List<RLogRecord>> readLog() {
        throw new UnsupportedOperationException("this storage double keeps no log");
    }

    @Override
    public Pending<Void> truncateLog(RegionId origin, long throughEpoch) {
        throw new UnsupportedOperationException("this storage double keeps no log");
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
