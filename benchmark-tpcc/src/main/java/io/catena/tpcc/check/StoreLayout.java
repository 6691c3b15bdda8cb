package io.catena.tpcc.check;

import io.catena.core.data.ChainKey;
import io.catena.core.spi.StorageEngine;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * The partitions the check reads, and the proof that the store holds exactly those: checking a
 * store at a scale it was not loaded with would report every district as broken, so a mismatch
 * stops the check with one sentence instead. Stock is not read: no condition involves it.
 */
final class StoreLayout {

    private StoreLayout() {
    }

    /** The keys of every table the check reads that a load at {@code scale} has. */
    static Map<String, Set<ChainKey>> expected(TpccScale scale) {
        Map<String, Set<ChainKey>> keys = new LinkedHashMap<>();
        for (String table : List.of(TpccSchema.WAREHOUSE_YTD, TpccSchema.DISTRICT, TpccSchema.DISTRICT_YTD,
                TpccSchema.CUSTOMER)) {
            keys.put(table, new TreeSet<>());
        }
        for (int w = 1; w <= scale.warehouses(); w++) {
            keys.get(TpccSchema.WAREHOUSE_YTD).add(TpccSchema.warehouseYtd(w));
            for (int d = 1; d <= scale.districtsPerWarehouse(); d++) {
                keys.get(TpccSchema.DISTRICT).add(TpccSchema.district(w, d));
                keys.get(TpccSchema.DISTRICT_YTD).add(TpccSchema.districtYtd(w, d));
                keys.get(TpccSchema.CUSTOMER).add(TpccSchema.customers(w, d));
            }
        }
        return keys;
    }

    /**
     * Lists the tables' keys (all at once) and compares them with what {@code scale} loads.
     *
     * @throws StoreReadException if the store cannot list a table
     * @throws IllegalStateException if it lacks a partition the scale has, or holds one it has not
     */
    static void verify(StorageEngine storage, TpccScale scale) {
        Map<String, Set<ChainKey>> expected = expected(scale);
        Map<String, CompletableFuture<List<ChainKey>>> listed = new LinkedHashMap<>();
        for (String table : expected.keySet()) {
            listed.put(table, list(storage, table));
        }
        for (Map.Entry<String, Set<ChainKey>> e : expected.entrySet()) {
            compare(e.getKey(), e.getValue(), new TreeSet<>(PartitionReader.await(listed.get(e.getKey()))), scale);
        }
    }

    private static CompletableFuture<List<ChainKey>> list(StorageEngine storage, String table) {
        CompletableFuture<List<ChainKey>> keys;
        try {
            keys = storage.listKeys(table).toCompletableFuture();
        } catch (RuntimeException e) {
            keys = CompletableFuture.failedFuture(e);
        }
        return keys.handle((list, error) -> {
            if (error != null) {
                throw StoreReadException.ofKeys(table, PartitionReader.unwrap(error));
            }
            return list;
        });
    }

    private static void compare(String table, Set<ChainKey> expected, Set<ChainKey> actual, TpccScale scale) {
        List<ChainKey> missing = new ArrayList<>(expected);
        missing.removeAll(actual);
        if (!missing.isEmpty()) {
            throw new IllegalStateException("the store has no partition " + missing.get(0)
                    + (missing.size() > 1 ? " nor " + (missing.size() - 1) + " more of table " + table : "")
                    + ", which a load at " + scale + " has: it was loaded at another scale or not completely;"
                    + " check it at the scale it was loaded with, or load it again");
        }
        List<ChainKey> extra = new ArrayList<>(actual);
        extra.removeAll(expected);
        if (!extra.isEmpty()) {
            throw new IllegalStateException("the store holds partition " + extra.get(0)
                    + (extra.size() > 1 ? " and " + (extra.size() - 1) + " more of table " + table : "")
                    + ", which a load at " + scale + " does not have: check it at the scale it was loaded with");
        }
    }
}
