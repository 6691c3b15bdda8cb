package io.catena.lab.tpcc;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.spi.StorageEngine;
import io.catena.tpcc.TpccSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/** Compares the TPC-C tables of several regions' stores, partition by partition, at their latest versions. */
final class RegionStates {

    /** Partitions read at once from each store. */
    private static final int BATCH = 256;

    private RegionStates() {
    }

    /** What differs: partitions that are not identical in every store, and how many were compared. */
    record Comparison(long partitions, long rows, List<ChainKey> differing) {
    }

    static Comparison compare(List<StorageEngine> stores) {
        TreeSet<ChainKey> keys = new TreeSet<>();
        for (StorageEngine store : stores) {
            for (String table : TpccSchema.TABLES) {
                keys.addAll(store.listKeys(table).toCompletableFuture().join());
            }
        }
        List<ChainKey> differing = new ArrayList<>();
        long rows = 0;
        List<ChainKey> batch = new ArrayList<>(BATCH);
        for (ChainKey key : keys) {
            batch.add(key);
            if (batch.size() == BATCH) {
                rows += compareBatch(stores, batch, differing);
                batch.clear();
            }
        }
        rows += compareBatch(stores, batch, differing);
        return new Comparison(keys.size(), rows, differing);
    }

    private static long compareBatch(List<StorageEngine> stores, List<ChainKey> batch, List<ChainKey> differing) {
        List<List<CompletableFuture<SortedMap<String, Row>>>> reads = new ArrayList<>();
        for (StorageEngine store : stores) {
            List<CompletableFuture<SortedMap<String, Row>>> perStore = new ArrayList<>();
            for (ChainKey key : batch) {
                perStore.add(store.readPartition(key, Version.MAX).toCompletableFuture());
            }
            reads.add(perStore);
        }
        long rows = 0;
        for (int i = 0; i < batch.size(); i++) {
            SortedMap<String, Row> first = reads.get(0).get(i).join();
            rows += first.size();
            for (int s = 1; s < stores.size(); s++) {
                if (!first.equals(reads.get(s).get(i).join())) {
                    differing.add(batch.get(i));
                    break;
                }
            }
        }
        return rows;
    }
}
