package io.catena.tpcc.check;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.storage.memory.MemoryStorageEngine;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.load.TpccLoader;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * A memory store loaded as a region's is (every partition at version 0.1), and later writes to it
 * at rising versions: the transactions and corruptions the checker's tests make.
 */
final class LoadedStore implements AutoCloseable {

    static final Version LOAD_VERSION = Version.of(0, 1);
    static final long LOAD_DATE = 1_700_000_000_000L;

    final MemoryStorageEngine engine = new MemoryStorageEngine();
    private int nextRank = 1;

    LoadedStore(TpccScale scale, long seed) {
        for (Map.Entry<ChainKey, List<RowWrite>> e : new TpccLoader(scale, seed, LOAD_DATE).load().entrySet()) {
            engine.apply(e.getKey(), LOAD_VERSION, e.getValue()).toCompletableFuture().join();
        }
    }

    SortedMap<String, Row> partition(ChainKey key) {
        return engine.readPartition(key, Version.MAX).toCompletableFuture().join();
    }

    /** The latest row under {@code clustering}; fails the test if there is none. */
    Row row(ChainKey key, String clustering) {
        Row row = partition(key).get(clustering);
        if (row == null) {
            throw new AssertionError(key + " holds no row " + clustering);
        }
        return row;
    }

    /** Writes to one chain key at a version after every earlier one. */
    void apply(ChainKey key, List<RowWrite> writes) {
        engine.apply(key, Version.of(1, nextRank++), writes).toCompletableFuture().join();
    }

    void put(ChainKey key, String clustering, Row row) {
        apply(key, List.of(RowWrite.put(clustering, row)));
    }

    void delete(ChainKey key, String clustering) {
        apply(key, List.of(RowWrite.delete(clustering)));
    }

    /** Rewrites one integer column of a row. */
    void set(ChainKey key, String clustering, String column, long value) {
        put(key, clustering, row(key, clustering).with(column, Datum.of(value)));
    }

    /** Adds {@code delta} to one integer column of a row. */
    void add(ChainKey key, String clustering, String column, long delta) {
        set(key, clustering, column, row(key, clustering).getLong(column, 0) + delta);
    }

    @Override
    public void close() {
        engine.close();
    }
}
