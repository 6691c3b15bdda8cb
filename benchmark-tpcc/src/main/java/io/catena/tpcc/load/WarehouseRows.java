package io.catena.tpcc.load;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Warehouse;
import java.util.List;
import java.util.SortedMap;

/** A warehouse's row and its YTD row, with the copy of W_NAME that Payment's H_DATA needs. */
final class WarehouseRows {

    private WarehouseRows() {
    }

    static void addTo(SortedMap<ChainKey, List<RowWrite>> out, int w, LoadParameters load, TpccRandom random) {
        Datum name = Datum.of(random.aString(6, 10));
        RowBuilder row = new RowBuilder().put(Warehouse.NAME, name);
        AddressColumns.WAREHOUSE.draw(row, random);
        row.put(Warehouse.TAX, random.uniform(0, 2_000));
        out.put(TpccSchema.warehouse(w), List.of(RowWrite.put(TpccSchema.ROW, row.build())));

        // The specification's 300,000.00 is 10 districts of 3,000 customers who paid 10.00 each;
        // at a smaller scale W_YTD shrinks alike, so W_YTD = sum(D_YTD) = sum(H_AMOUNT) still holds.
        long ytdCents = load.scale().districtsPerWarehouse() * DistrictRows.ytdCents(load.scale());
        RowBuilder ytd = new RowBuilder().put(Warehouse.YTD, ytdCents).put(Warehouse.NAME, name);
        out.put(TpccSchema.warehouseYtd(w), List.of(RowWrite.put(TpccSchema.ROW, ytd.build())));
    }
}
