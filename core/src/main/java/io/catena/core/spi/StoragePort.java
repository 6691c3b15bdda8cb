package io.catena.core.spi;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import java.util.List;

/**
 * Storage as a protocol node sees it: asynchronous, completions delivered on the node's thread
 * (see {@link Pending}). The host implements it over a {@link StorageEngine}.
 *
 * <p>Ordering: operations on the same chain key, and log appends, take effect in the order they
 * are issued. Failures are reported through the completion; nodes retry with a timer.
 */
public interface StoragePort {

    /** The partition's retained history. */
    Pending<PartitionImage> loadPartition(ChainKey key);

    /** Applies one transaction's writes to one chain key atomically; idempotent per version. */
    Pending<Void> apply(ChainKey key, Version version, List<RowWrite> writes);

    /** Persists a log record (own or received); idempotent per (origin, epoch). */
    Pending<Void> appendLog(RLogRecord record);

    /** Every retained log record, in (origin, epoch) order. */
    Pending<List<RLogRecord>> readLog();

    /** Forgets log records of {@code origin} up to and including {@code throughEpoch}. */
    Pending<Void> truncateLog(RegionId origin, long throughEpoch);

    /** Lets storage forget history below {@code horizon} on this chain key. */
    Pending<Void> collectGarbage(ChainKey key, Version horizon);

    /** Removes a bookkeeping partition and its history (see {@link StorageEngine#dropPartition}). */
    Pending<Void> dropPartition(ChainKey key);
}
