package io.catena.tpcc.check;

import io.catena.core.data.ChainKey;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

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
     * Compares the tables' keys (listed all at once) with what {@code scale} loads; a source that
     * cannot list is probed instead ({@link #probe}).
     *
     * @throws StoreReadException if the store cannot list a table or read a probed partition
     * @throws IllegalStateException if it lacks a partition the scale has, or holds one it has not
     */
    static void verify(PartitionSource source, PartitionReader reader, TpccScale scale) {
        Map<String, Set<ChainKey>> expected = expected(scale);
        Map<String, CompletableFuture<List<ChainKey>>> listed = new LinkedHashMap<>();
        for (String table : expected.keySet()) {
            Optional<CompletionStage<List<ChainKey>>> keys = source.keys(table);
            if (keys.isEmpty()) {
                probe(reader, scale);
                return;
            }
            listed.put(table, list(keys.get(), table));
        }
        for (Map.Entry<String, Set<ChainKey>> e : expected.entrySet()) {
            compare(e.getKey(), e.getValue(), new TreeSet<>(PartitionReader.await(listed.get(e.getKey()))), scale);
        }
    }

    /**
     * Without a listing, reads what tells one load from another: every warehouse's and district's
     * YTD partition is there and the next warehouse's and district's are not, and the first
     * district has the scale's customers. A partition beyond the scale in some other table goes unnoticed.
     */
    private static void probe(PartitionReader reader, TpccScale scale) {
        List<ChainKey> present = new ArrayList<>();
        for (int w = 1; w <= scale.warehouses(); w++) {
            present.add(TpccSchema.warehouseYtd(w));
            for (int d = 1; d <= scale.districtsPerWarehouse(); d++) {
                present.add(TpccSchema.districtYtd(w, d));
            }
        }
        List<ChainKey> missing = new ArrayList<>();
        reader.forEach(present, List::of, (key, partitions) -> {
            if (partitions.get(0).isEmpty()) {
                missing.add(key);
            }
        });
        if (!missing.isEmpty()) {
            throw new IllegalStateException("the region has no rows in partition " + missing.get(0)
                    + (missing.size() > 1 ? " nor in " + (missing.size() - 1) + " more" : "") + ", which a load at "
                    + scale + " has: it was loaded at another scale or not completely; check it at the scale it was "
                    + "loaded with, or load it again");
        }
        List<ChainKey> beyond = new ArrayList<>(List.of(TpccSchema.warehouseYtd(scale.warehouses() + 1)));
        if (scale.districtsPerWarehouse() < TpccScale.STANDARD_DISTRICTS) {
            beyond.add(TpccSchema.districtYtd(1, scale.districtsPerWarehouse() + 1));
        }
        reader.forEach(beyond, List::of, (key, partitions) -> {
            if (!partitions.get(0).isEmpty()) {
                throw new IllegalStateException("the region holds partition " + key + ", which a load at " + scale
                        + " does not have: check it at the scale it was loaded with");
            }
        });
        ChainKey firstCustomers = TpccSchema.customers(1, 1);
        reader.forEach(List.of(firstCustomers), List::of, (key, partitions) -> {
            long customers = partitions.get(0).keySet().stream().filter(k -> k.startsWith(TpccSchema.CUSTOMER_PREFIX))
                    .count();
            if (customers != scale.customersPerDistrict()) {
                throw new IllegalStateException("district 1 of warehouse 1 has " + customers + " customers where a load"
                        + " at " + scale + " has " + scale.customersPerDistrict() + ": check it at the scale it was "
                        + "loaded with");
            }
        });
    }

    private static CompletableFuture<List<ChainKey>> list(CompletionStage<List<ChainKey>> listing, String table) {
        CompletableFuture<List<ChainKey>> keys = listing.toCompletableFuture();
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
