package io.catena.storage.hbase;

import static io.catena.storage.hbase.HBaseLayout.DATA_META;
import static io.catena.storage.hbase.HBaseLayout.DATA_ROWS;
import static io.catena.storage.hbase.HBaseLayout.HORIZON;
import static io.catena.storage.hbase.HBaseLayout.LATEST;
import static io.catena.storage.hbase.HBaseLayout.bytes;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowJson;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.storage.hbase.KeyStates.KeyState;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;

/**
 * The partition operations of the storage SPI on the {@code data} table ({@link HBaseLayout}).
 * Each method is called inside its key's turn of the engine's {@link KeySequencer}, so at most one
 * runs per key at a time; all of them are asynchronous and never block. Every write goes through a
 * {@link RowGuard}, which adds a leader term's condition to writes of a fenced view's leader rows.
 *
 * <p><b>Apply</b> is one {@code checkAndMutate} round trip in the common case: the key's latest
 * version comes from {@link KeyStates} (read once on a miss), a version at or below it is a no-op
 * without any round trip, and the write is conditional on the stored latest version still being
 * the one remembered. The condition is checked by the region server under the row lock, so the
 * commit is applied exactly once even if the memory is stale (another engine of the region wrote
 * the key, or it was dropped elsewhere): a failed check re-reads the state and decides again.
 *
 * <p><b>Garbage collection</b> costs no round trip when it only moves the horizon: the new horizon
 * is kept in force in memory (a read below it fails) and stored with the key's next apply, in the
 * same {@code checkAndMutate}. Physically deleting the superseded versions needs a read of the
 * row's old cells, so it runs only on every {@value #SWEEP_EVERY}th collection of a key (chain
 * servers collect each written key about once a second), and stores the horizon before it deletes
 * anything. A horizon not stored yet when the engine stops is forgotten: nothing below it was
 * deleted, so reads below it still answer correctly; history kept meanwhile answers only reads
 * that the horizon already refuses.
 */
final class PartitionStore {

    /** Collections of one key between two physical sweeps of its superseded versions. */
    static final int SWEEP_EVERY = 8;
    private static final int MAX_CONFLICT_RETRIES = 5;
    private static final byte[] DELETION = new byte[0];

    private final AsyncTable<AdvancedScanResultConsumer> table;
    private final KeyStates states;

    PartitionStore(AsyncTable<AdvancedScanResultConsumer> table, KeyStates states) {
        this.table = table;
        this.states = states;
    }

    CompletableFuture<Void> apply(ChainKey key, Version version, List<RowWrite> writes, RowGuard guard) {
        long stamp = VersionStamp.ofCommit(version);
        Put put = new Put(RowKeys.of(key));
        for (RowWrite w : writes) {
            put.addColumn(DATA_ROWS, HBaseLayout.qualifierOf(w.clustering()), stamp, w.isDelete() ? DELETION : bytes(RowJson.encode(w.row())));
        }
        put.addColumn(DATA_META, LATEST, stamp, bytes(VersionStamp.text(stamp)));
        return state(key).thenCompose(s -> applyIfNewer(key, s, stamp, withPendingHorizon(put, s), guard, 0));
    }

    private CompletableFuture<Void> applyIfNewer(ChainKey key, KeyState s, long stamp, Put put, RowGuard guard, int attempt) {
        if (stamp <= s.latest) {
            return CompletableFuture.completedFuture(null);
        }
        return table.checkAndMutate(guard.ifLatest(put, s.latest)).thenCompose(result -> {
            if (result.isSuccess()) {
                s.latest = stamp;
                s.horizonStored |= put.has(DATA_META, HORIZON);
                return CompletableFuture.completedFuture(null);
            }
            if (attempt >= MAX_CONFLICT_RETRIES) {
                return CompletableFuture.failedFuture(new IllegalStateException("the stored version of " + key
                        + " kept changing under apply at " + VersionStamp.toVersion(stamp)
                        + "; another writer is applying to the same key"));
            }
            states.forget(key);
            return guard.afterRefusal(put.getRow()).thenCompose(settled -> state(key))
                    .thenCompose(fresh -> applyIfNewer(key, fresh, stamp, put, guard, attempt + 1));
        });
    }

    CompletableFuture<SortedMap<String, Row>> read(ChainKey key, Version atOrBelow) {
        long stamp = VersionStamp.ofBound(atOrBelow);
        // One version per qualifier (a Get's default): the newest at or below the read's stamp.
        Get get = new Get(RowKeys.of(key)).addFamily(DATA_ROWS).addColumn(DATA_META, HORIZON)
                .setColumnFamilyTimeRange(DATA_ROWS, 0, stamp + 1);
        return table.get(get).thenApply(row ->
                PartitionCells.rowsAt(key, row, atOrBelow, stamp, KeyState.horizonOf(states.get(key))));
    }

    CompletableFuture<PartitionImage> load(ChainKey key) {
        Get get = new Get(RowKeys.of(key)).addFamily(DATA_ROWS).addFamily(DATA_META).readAllVersions();
        return table.get(get).thenApply(row -> {
            KeyState known = states.get(key);
            KeyState now = new KeyState(PartitionCells.latest(row), PartitionCells.horizon(row));
            if (known != null && known.horizon > now.horizon) {
                now.horizon = known.horizon;
                now.horizonStored = false;
            }
            states.put(key, now);
            return PartitionCells.image(key, row, now.horizon);
        });
    }

    CompletableFuture<Void> collectGarbage(ChainKey key, Version horizon, RowGuard guard) {
        long requested = VersionStamp.ofBound(horizon);
        return state(key).thenCompose(s -> {
            // As the embedded store: the horizon never passes the latest commit, nor moves back.
            long next = Math.min(requested, s.latest);
            if (!s.exists() || next <= s.horizon) {
                return CompletableFuture.completedFuture(null);
            }
            if (++s.collectionsSinceSweep < SWEEP_EVERY) {
                s.horizon = next;
                s.horizonStored = false;
                return CompletableFuture.completedFuture(null);
            }
            Put put = new Put(RowKeys.of(key)).addColumn(DATA_META, HORIZON, next, bytes(VersionStamp.text(next)));
            return guard.write(table, put).thenCompose(done -> {
                s.horizon = next;
                s.horizonStored = true;
                s.collectionsSinceSweep = 0;
                return sweep(key, next, guard);
            });
        });
    }

    /** Deletes every version that the row at {@code horizon} superseded, and deletions at or below it. */
    private CompletableFuture<Void> sweep(ChainKey key, long horizon, RowGuard guard) {
        byte[] row = RowKeys.of(key);
        Get old = new Get(row).addFamily(DATA_ROWS).readAllVersions();
        try {
            old.setTimeRange(0, horizon + 1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return table.get(old).thenCompose(result -> {
            NavigableMap<byte[], NavigableMap<Long, byte[]>> cells = result.getMap() == null ? null
                    : result.getMap().get(DATA_ROWS);
            if (cells == null) {
                return CompletableFuture.completedFuture(null);
            }
            Delete delete = new Delete(row);
            for (Map.Entry<byte[], NavigableMap<Long, byte[]>> column : cells.entrySet()) {
                Map.Entry<Long, byte[]> newest = column.getValue().lastEntry();
                if (newest.getValue().length == 0) {
                    delete.addColumns(DATA_ROWS, column.getKey(), newest.getKey());
                } else if (column.getValue().size() > 1) {
                    delete.addColumns(DATA_ROWS, column.getKey(), newest.getKey() - 1);
                }
            }
            return delete.isEmpty() ? CompletableFuture.completedFuture(null) : guard.write(table, delete);
        });
    }

    CompletableFuture<Void> drop(ChainKey key, RowGuard guard) {
        return guard.write(table, new Delete(RowKeys.of(key))).thenRun(() -> states.put(key, new KeyState(0, 0)));
    }

    CompletableFuture<List<ChainKey>> listKeys(String tableName) {
        Scan scan = new Scan().withStartRow(RowKeys.tablePrefix(tableName)).withStopRow(RowKeys.tableEnd(tableName))
                .addColumn(DATA_META, LATEST).setFilter(new KeyOnlyFilter());
        return table.scanAll(scan).thenApply(rows -> {
            List<ChainKey> keys = new ArrayList<>(rows.size());
            for (Result r : rows) {
                keys.add(RowKeys.chainKeyOf(r.getRow()));
            }
            // Byte order is code-point order; ChainKey compares UTF-16 units, which differ only
            // for characters beyond the Basic Multilingual Plane.
            keys.sort(null);
            return keys;
        });
    }

    /** {@code put} with the key's horizon added if the horizon in force is not stored yet. */
    private static Put withPendingHorizon(Put put, KeyState s) {
        if (!s.horizonStored) {
            put.addColumn(DATA_META, HORIZON, s.horizon, bytes(VersionStamp.text(s.horizon)));
        }
        return put;
    }

    /** The key's remembered state, or its stored one (one read) if it is not remembered. */
    private CompletableFuture<KeyState> state(ChainKey key) {
        KeyState known = states.get(key);
        if (known != null) {
            return CompletableFuture.completedFuture(known);
        }
        return table.get(new Get(RowKeys.of(key)).addFamily(DATA_META)).thenApply(row -> {
            KeyState s = new KeyState(PartitionCells.latest(row), PartitionCells.horizon(row));
            states.put(key, s);
            return s;
        });
    }
}
