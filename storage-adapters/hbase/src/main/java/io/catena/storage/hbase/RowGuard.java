package io.catena.storage.hbase;

import static io.catena.storage.hbase.HBaseLayout.DATA_META;
import static io.catena.storage.hbase.HBaseLayout.LATEST;
import static io.catena.storage.hbase.HBaseLayout.bytes;

import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Mutation;
import org.apache.hadoop.hbase.client.Put;

/**
 * What a write of one chain key's row in the {@code data} table must hold to besides its own
 * condition: nothing ({@link #NONE}), or a leader term ({@link LeaderRows}). {@link PartitionStore}
 * builds its writes through a guard, so that the partition logic is the same fenced or not.
 */
interface RowGuard {

    /** Writes of keys no leader term fences: data, answers, or a store written without a view. */
    RowGuard NONE = new RowGuard() {
        @Override
        public CheckAndMutate ifLatest(Put put, long latest) {
            CheckAndMutate.Builder check = CheckAndMutate.newBuilder(put.getRow());
            return latest > 0 ? check.ifEquals(DATA_META, LATEST, bytes(VersionStamp.text(latest))).build(put)
                    : check.ifNotExists(DATA_META, LATEST).build(put);
        }

        @Override
        public CompletableFuture<Void> write(AsyncTable<AdvancedScanResultConsumer> table, Mutation mutation) {
            return mutation instanceof Put put ? table.put(put) : table.delete((Delete) mutation);
        }

        @Override
        public CompletableFuture<Void> afterRefusal(byte[] row) {
            return CompletableFuture.completedFuture(null);
        }
    };

    /**
     * {@code put}, made only if the row's latest applied version is the one stamped {@code latest}
     * (0: the row has none) and whatever the guard holds to.
     */
    CheckAndMutate ifLatest(Put put, long latest);

    /** A write with no condition of its own (a horizon, a sweep, a drop), a {@link Put} or a {@link Delete}. */
    CompletableFuture<Void> write(AsyncTable<AdvancedScanResultConsumer> table, Mutation mutation);

    /**
     * After a write of {@link #ifLatest} was refused: completes when trying again may succeed, or
     * fails if the guard's own condition can no longer hold (a later leader term holds the row).
     */
    CompletableFuture<Void> afterRefusal(byte[] row);
}
