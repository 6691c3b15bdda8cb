package io.catena.tpcc.load;

import io.catena.core.data.Datum;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccSchema.Stock;

/**
 * The ITEM table of clause 4.3.3.1, drawn once per load. Each warehouse's stock row of an item
 * carries a copy of it (ITEM is never written); the copies hold these very datums, so W
 * warehouses keep one catalogue in memory rather than W.
 */
final class ItemCatalog {

    private final Datum[] imIds;
    private final Datum[] names;
    private final Datum[] prices;
    private final Datum[] data;

    private ItemCatalog(int items) {
        imIds = new Datum[items];
        names = new Datum[items];
        prices = new Datum[items];
        data = new Datum[items];
    }

    /** Items 1 to {@code items}: I_IM_ID 1-10,000, I_NAME of 14-24 characters, I_PRICE 1.00-100.00, I_DATA. */
    static ItemCatalog draw(int items, TpccRandom random) {
        ItemCatalog catalog = new ItemCatalog(items);
        for (int i = 0; i < items; i++) {
            catalog.imIds[i] = SharedNumbers.of(random.uniform(1, 10_000));
            catalog.names[i] = Datum.of(random.aString(14, 24));
            catalog.prices[i] = SharedNumbers.of(random.uniform(100, 10_000));
            catalog.data[i] = Datum.of(random.data());
        }
        return catalog;
    }

    int size() {
        return imIds.length;
    }

    /** Puts item {@code item}'s columns (1-based) into a stock row. */
    void copyInto(int item, RowBuilder stockRow) {
        int i = item - 1;
        stockRow.put(Stock.I_IM_ID, imIds[i])
                .put(Stock.I_NAME, names[i])
                .put(Stock.I_PRICE, prices[i])
                .put(Stock.I_DATA, data[i]);
    }
}
