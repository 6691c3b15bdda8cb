package io.catena.tpcc.load;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccScale;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The initial database of TPC-C (clause 4.3.3.1) laid out on the chain keys of
 * {@link io.catena.tpcc.TpccSchema}: rows per chain key, for the host to apply to every region's
 * store with {@code StorageEngine.apply(key, version, writes)}.
 *
 * <p><b>Determinism.</b> The same scale, seed and load date give equal rows, whatever order
 * warehouses are asked for in: the seed's generator splits, in a fixed order, one generator for
 * the item catalogue and then one per warehouse; each warehouse splits one for its stock and one
 * per district. Last names beyond the first 1,000 of a district are drawn with one NURand
 * constant for the whole load. No clock is read: the load date is an argument.
 *
 * <p><b>Memory.</b> A standard warehouse is 100,000 stock rows, 30,000 customers and 30,000
 * orders of about 300,000 lines. {@link #warehouse(int)} builds one warehouse at a time, so a
 * host can load warehouse by warehouse and hold one in memory beyond what its stores keep;
 * {@link #load()} builds them all. Rows share what they can: the item catalogue across
 * warehouses, last names, the load date and numbers up to 100,000 ({@link SharedNumbers}). So
 * built, a standard warehouse holds about 310 MB of heap (JDK 17, compressed references), 130 MB
 * of it stock (the S_DIST_xx strings mostly) and 110 MB the district partitions (order lines
 * mostly); C_DATA keeps the specification's 300-500 characters, 40 MB of customers.
 *
 * <p><b>Threading.</b> Thread-safe: warehouses may be built in parallel. The maps returned are the
 * caller's; their lists and rows are immutable.
 */
public final class TpccLoader {

    private final TpccScale scale;
    private final long seed;
    private final LoadParameters load;
    private ItemCatalog items;

    /**
     * @param scale          what to load
     * @param seed           the seed of every random draw
     * @param loadDateMillis the load's date (O_ENTRY_D, C_SINCE, H_DATE, OL_DELIVERY_D), ms since the epoch
     */
    public TpccLoader(TpccScale scale, long seed, long loadDateMillis) {
        if (scale == null) {
            throw new IllegalArgumentException("the loader needs a scale");
        }
        this.scale = scale;
        this.seed = seed;
        this.load = new LoadParameters(scale, Datum.of(loadDateMillis), lastNameConstant(seed));
    }

    /** C_LOAD, NURand's constant for the last names a load with {@code seed} draws. */
    public static int lastNameConstant(long seed) {
        return new TpccRandom(seed).uniform(0, 255);
    }

    public TpccScale scale() {
        return scale;
    }

    /** How many chain keys {@link #load()} returns, known without building them (for progress). */
    public long partitionCount() {
        return (long) scale.warehouses() * partitionsPerWarehouse();
    }

    /**
     * How many chain keys {@link #warehouse(int)} returns: the warehouse and its YTD, three per
     * district (orders, YTD with history, customers) and one per item's stock.
     */
    public int partitionsPerWarehouse() {
        return 2 + 3 * scale.districtsPerWarehouse() + scale.items();
    }

    /** Every chain key of the database with its rows, in key order. */
    public SortedMap<ChainKey, List<RowWrite>> load() {
        SortedMap<ChainKey, List<RowWrite>> all = new TreeMap<>();
        for (int w = 1; w <= scale.warehouses(); w++) {
            all.putAll(warehouse(w));
        }
        return all;
    }

    /**
     * The chain keys of warehouse {@code w} (1 to W) with their rows: the warehouse, its districts
     * with their customers, orders and history, and its stock. The warehouses' maps are disjoint
     * and together make {@link #load()}.
     */
    public SortedMap<ChainKey, List<RowWrite>> warehouse(int w) {
        if (w < 1 || w > scale.warehouses()) {
            throw new IllegalArgumentException("warehouse " + w + " is not one of 1-" + scale.warehouses()
                    + " of this load");
        }
        TpccRandom random = warehouseRandom(w);
        SortedMap<ChainKey, List<RowWrite>> out = new TreeMap<>();
        WarehouseRows.addTo(out, w, load, random);
        StockRows.addTo(out, w, load, items(), random.split());
        for (int d = 1; d <= scale.districtsPerWarehouse(); d++) {
            DistrictRows.addTo(out, w, d, load, random.split());
        }
        return out;
    }

    /** The item catalogue, drawn on first use and shared by every warehouse's stock. */
    private synchronized ItemCatalog items() {
        if (items == null) {
            items = ItemCatalog.draw(scale.items(), rootRandom().split());
        }
        return items;
    }

    /** Warehouse {@code w}'s generator: the root's (w + 1)-th split, the first being the catalogue's. */
    private TpccRandom warehouseRandom(int w) {
        TpccRandom root = rootRandom();
        root.split();
        TpccRandom random = root.split();
        for (int i = 2; i <= w; i++) {
            random = root.split();
        }
        return random;
    }

    /** The generator the seed starts; its first draw was the NURand constant, then come the splits. */
    private TpccRandom rootRandom() {
        TpccRandom root = new TpccRandom(seed);
        root.uniform(0, 255);
        return root;
    }
}
