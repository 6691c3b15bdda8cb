package io.catena.tpcc.load;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Stock;
import java.util.List;
import java.util.SortedMap;

/**
 * A warehouse's stock: one chain key per item, its row carrying the item's columns. Only the
 * S_DIST_xx columns of districts the scale has are written: no transaction reads the others.
 */
final class StockRows {

    /**
     * S_DIST_01 to S_DIST_10, named once: {@link Stock#dist} makes a new string on each call, and
     * 100,000 rows of a warehouse would each keep ten of their own.
     */
    private static final String[] DIST_COLUMNS = new String[TpccScale.STANDARD_DISTRICTS + 1];

    static {
        for (int d = 1; d < DIST_COLUMNS.length; d++) {
            DIST_COLUMNS[d] = Stock.dist(d);
        }
    }

    private StockRows() {
    }

    static void addTo(SortedMap<ChainKey, List<RowWrite>> out, int w, LoadParameters load, ItemCatalog items,
                      TpccRandom random) {
        int districts = load.scale().districtsPerWarehouse();
        for (int item = 1; item <= items.size(); item++) {
            RowBuilder row = new RowBuilder().put(Stock.QUANTITY, random.uniform(10, 100));
            for (int d = 1; d <= districts; d++) {
                row.put(DIST_COLUMNS[d], random.aString(24, 24));
            }
            row.put(Stock.YTD, 0)
                    .put(Stock.ORDER_CNT, 0)
                    .put(Stock.REMOTE_CNT, 0)
                    .put(Stock.DATA, random.data());
            items.copyInto(item, row);
            out.put(TpccSchema.stock(w, item), List.of(RowWrite.put(TpccSchema.ROW, row.build())));
        }
    }
}
