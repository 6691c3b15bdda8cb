package io.catena.tpcc.load;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.District;
import java.util.List;
import java.util.SortedMap;

/**
 * One district as loaded: its row and YTD row, then its customers (with their payments) and their
 * orders, in that order of draws.
 */
final class DistrictRows {

    private DistrictRows() {
    }

    /** D_YTD as loaded: every customer of the district paid {@link CustomerRows#PAYMENT_CENTS} once. */
    static long ytdCents(TpccScale scale) {
        return scale.customersPerDistrict() * CustomerRows.PAYMENT_CENTS;
    }

    static void addTo(SortedMap<ChainKey, List<RowWrite>> out, int w, int d, LoadParameters load, TpccRandom random) {
        TpccScale scale = load.scale();
        DistrictPartitions rows = DistrictPartitions.empty();
        Datum name = Datum.of(random.aString(6, 10));
        RowBuilder district = new RowBuilder().put(District.NAME, name);
        AddressColumns.DISTRICT.draw(district, random);
        district.put(District.TAX, random.uniform(0, 2_000)).put(District.NEXT_O_ID, scale.firstNewOrderId());
        rows.district().add(RowWrite.put(TpccSchema.DISTRICT_ROW, district.build()));

        // Each customer has one HISTORY row, numbered by its id, so the next payment gets C + 1.
        RowBuilder ytd = new RowBuilder().put(District.YTD, ytdCents(scale))
                .put(District.NAME, name)
                .put(District.NEXT_H_ID, scale.customersPerDistrict() + 1);
        rows.ytd().add(RowWrite.put(TpccSchema.DISTRICT_YTD_ROW, ytd.build()));

        CustomerRows.addTo(rows, w, d, load, random);
        new OrderRows(rows.district(), w, load, random).addAll();
        rows.putInto(out, w, d);
    }
}
