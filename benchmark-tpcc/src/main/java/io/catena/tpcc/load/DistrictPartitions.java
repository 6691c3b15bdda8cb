package io.catena.tpcc.load;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedMap;

/**
 * The rows of one district's three chain keys while they are drawn: {@code district} (the
 * district row, orders and lines, last orders, customer copies), {@code ytd} (D_YTD and HISTORY)
 * and {@code customers} (CUSTOMER and the last-name index).
 */
record DistrictPartitions(List<RowWrite> district, List<RowWrite> ytd, List<RowWrite> customers) {

    static DistrictPartitions empty() {
        return new DistrictPartitions(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }

    /** Hands the rows to {@code out} as unmodifiable lists of their exact size. */
    void putInto(SortedMap<ChainKey, List<RowWrite>> out, int w, int d) {
        out.put(TpccSchema.district(w, d), List.copyOf(district));
        out.put(TpccSchema.districtYtd(w, d), List.copyOf(ytd));
        out.put(TpccSchema.customers(w, d), List.copyOf(customers));
    }
}
