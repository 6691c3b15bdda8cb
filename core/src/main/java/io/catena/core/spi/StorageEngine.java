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
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.CompletionStage;

/**
 * The storage adapter SPI: one region's versioned store (Cassandra, HBase or the embedded one).
 *
 * <p><b>Threading.</b> Every method may be called from any thread and returns at once; results
 * complete on a thread of the adapter's choosing. Hosts hand completions back to the owning
 * node's thread; protocol code never sees this interface directly (it uses {@link StoragePort}).
 *
 * <p><b>Ordering.</b> Writes to one chain key are applied in the order their calls are made by
 * one caller; {@link #apply} is atomic per chain key and idempotent per version (re-applying a
 * version at or below the latest applied one changes nothing). Log appends are idempotent per
 * (origin, epoch): the first record stored for a pair wins.
 *
 * <p><b>Versions.</b> Reads at a version see exactly the commits at or below it, provided the
 * version is not below the garbage-collection horizon of the chain key.
 */
public interface StorageEngine extends AutoCloseable {

    /** The partition's retained history: rows at the horizon, then every later commit. */
    CompletionStage<PartitionImage> loadPartition(ChainKey key);

    /** The rows of a partition as of {@code atOrBelow}. */
    CompletionStage<SortedMap<String, Row>> readPartition(ChainKey key, Version atOrBelow);

    /** Applies one transaction's writes to one chain key atomically. */
    CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes);

    /** Drops history of one chain key that no read at or above {@code horizon} needs. */
    CompletionStage<Void> collectGarbage(ChainKey key, Version horizon);

    /**
     * Removes a partition with its whole history, as if it had never been written: a later apply
     * starts it afresh. For the protocol's own bookkeeping once it is of no use (answers that left
     * the dedup window), never for data, since it forgets which versions were applied.
     */
    CompletionStage<Void> dropPartition(ChainKey key);

    /** Every chain key of a table, in key order (loaders, checkers and operators' tools). */
    CompletionStage<List<ChainKey>> listKeys(String table);

    CompletionStage<Void> appendLog(RLogRecord record);

    CompletionStage<List<RLogRecord>> readLog();

    CompletionStage<Void> truncateLog(RegionId origin, long throughEpoch);

    /**
     * Tables whose partitions hold what a coordinator leader decides on its own rather than reads
     * from the replicated log (today the region's membership). A {@linkplain #fencedBy fenced}
     * view must fence writes of these like the region's own log; every other write a leader makes
     * (answers, peers' records, truncations) is a function of the log, so a deposed leader writing
     * it late writes what its successor would.
     */
    Set<String> LEADER_TABLES = Set.of("__catena_membership");

    /**
     * Claims the store for a leader term of {@code region}'s coordinator: once this completes,
     * every fenced write made through a view {@link #fencedBy fenced by} a lower term is refused.
     * Completes exceptionally with {@link StoreFencedException} if a higher term has already
     * claimed it; reclaiming the held term succeeds. A new leader claims before it reads the log
     * back, so that nothing its predecessor writes afterwards can escape its reading.
     */
    default CompletionStage<Void> claimTerm(RegionId region, long term) {
        return java.util.concurrent.CompletableFuture.failedFuture(new UnsupportedOperationException(
                getClass().getSimpleName() + " cannot fence leader terms yet"));
    }

    /**
     * This store as {@code region}'s coordinator of {@code term} writes it. Once a higher term
     * has {@linkplain #claimTerm claimed} the store, the view refuses with
     * {@link StoreFencedException}, atomically with the check, at least: appends of the region's
     * own log records, and writes of partitions of {@link #LEADER_TABLES}. An adapter may fence
     * more (the embedded store fences every write); reads always pass.
     *
     * @throws UnsupportedOperationException if this store cannot fence leader terms
     */
    default StorageEngine fencedBy(RegionId region, long term) {
        throw new UnsupportedOperationException(getClass().getSimpleName() + " cannot fence leader terms yet");
    }

    /**
     * Where this store keeps each chain key, if its region spans several storage nodes whose
     * layout a host can place chain servers beside; empty for a store on one node (the embedded
     * one). A wrapper around a store returns the wrapped store's locality, so a host asks for it
     * rather than testing the store's class. Returns at once.
     */
    default Optional<StorageLocality> locality() {
        return Optional.empty();
    }

    @Override
    void close();
}
