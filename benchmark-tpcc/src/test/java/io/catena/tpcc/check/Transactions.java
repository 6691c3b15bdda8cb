package io.catena.tpcc.check;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import io.catena.tpcc.TpccSchema.District;
import io.catena.tpcc.TpccSchema.History;
import io.catena.tpcc.TpccSchema.LastOrder;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import io.catena.tpcc.TpccSchema.Warehouse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * NewOrder, Payment and Delivery as a test writes them straight into a store, the way the
 * procedures leave the rows: the checker must find such a store consistent.
 */
final class Transactions {

    static final long DATE = LoadedStore.LOAD_DATE + 60_000;

    private Transactions() {
    }

    /** A NewOrder of {@code lines} lines for customer {@code c}; returns its id. */
    static long newOrder(LoadedStore store, int w, int d, int c, int lines, boolean keepLastOrder) {
        ChainKey key = TpccSchema.district(w, d);
        Row district = store.row(key, TpccSchema.DISTRICT_ROW);
        long oId = district.getLong(District.NEXT_O_ID, -1);
        List<RowWrite> writes = new ArrayList<>();
        writes.add(RowWrite.put(TpccSchema.DISTRICT_ROW, district.with(District.NEXT_O_ID, Datum.of(oId + 1))));
        writes.add(RowWrite.put(TpccSchema.order(oId), Row.of(Map.of(Order.ID, Datum.of(oId), Order.C_ID, Datum.of(c),
                Order.ENTRY_D, Datum.of(DATE), Order.OL_CNT, Datum.of(lines), Order.ALL_LOCAL, Datum.of(1)))));
        writes.add(RowWrite.put(TpccSchema.newOrder(oId), Row.of(Order.ID, oId)));
        List<Datum> items = new ArrayList<>();
        List<Datum> supply = new ArrayList<>();
        List<Datum> quantities = new ArrayList<>();
        List<Datum> amounts = new ArrayList<>();
        for (int n = 1; n <= lines; n++) {
            items.add(Datum.of(n));
            supply.add(Datum.of(w));
            quantities.add(Datum.of(3));
            amounts.add(Datum.of(100L * n));
            writes.add(RowWrite.put(TpccSchema.line(oId, n), Row.of(Map.of(OrderLine.I_ID, items.get(n - 1),
                    OrderLine.SUPPLY_W_ID, supply.get(n - 1), OrderLine.QUANTITY, quantities.get(n - 1),
                    OrderLine.AMOUNT, amounts.get(n - 1), OrderLine.DIST_INFO, Datum.of("dist-info-of-the-line")))));
        }
        if (keepLastOrder) {
            writes.add(RowWrite.put(TpccSchema.lastOrder(c), Row.of(Map.of(Order.ID, Datum.of(oId),
                    Order.ENTRY_D, Datum.of(DATE), LastOrder.ITEM_IDS, Datum.of(items),
                    LastOrder.SUPPLY_W_IDS, Datum.of(supply), LastOrder.QUANTITIES, Datum.of(quantities),
                    LastOrder.AMOUNTS, Datum.of(amounts)))));
        }
        store.apply(key, writes);
        return oId;
    }

    /** A Payment of {@code amount} in district (w, d) by customer c of district (cw, cd). */
    static void payment(LoadedStore store, int w, int d, int cw, int cd, int c, long amount) {
        store.add(TpccSchema.warehouseYtd(w), TpccSchema.ROW, Warehouse.YTD, amount);
        ChainKey ytdKey = TpccSchema.districtYtd(w, d);
        Row ytd = store.row(ytdKey, TpccSchema.DISTRICT_YTD_ROW);
        long h = ytd.getLong(District.NEXT_H_ID, -1);
        store.apply(ytdKey, List.of(
                RowWrite.put(TpccSchema.DISTRICT_YTD_ROW, ytd
                        .with(District.YTD, Datum.of(ytd.getLong(District.YTD, 0) + amount))
                        .with(District.NEXT_H_ID, Datum.of(h + 1))),
                RowWrite.put(TpccSchema.history(h), history(cw, cd, c, amount))));
        ChainKey customers = TpccSchema.customers(cw, cd);
        store.add(customers, TpccSchema.customer(c), Customer.BALANCE, -amount);
        store.add(customers, TpccSchema.customer(c), Customer.YTD_PAYMENT, amount);
        store.add(customers, TpccSchema.customer(c), Customer.PAYMENT_CNT, 1);
    }

    static Row history(int cw, int cd, int c, long amount) {
        return Row.of(Map.of(History.C_ID, Datum.of(c), History.C_D_ID, Datum.of(cd),
                History.C_W_ID, Datum.of(cw), History.DATE, Datum.of(DATE), History.AMOUNT, Datum.of(amount),
                History.DATA, Datum.of("wh    district")));
    }

    /** Delivers the district's oldest undelivered order; returns its id. */
    static long deliverOldest(LoadedStore store, int w, int d, int carrier) {
        ChainKey key = TpccSchema.district(w, d);
        SortedMap<String, Row> rows = store.partition(key);
        String oldest = rows.subMap(TpccSchema.NEW_ORDER_PREFIX,
                TpccSchema.prefixEnd(TpccSchema.NEW_ORDER_PREFIX)).firstKey();
        long oId = rows.get(oldest).getLong(Order.ID, -1);
        Row order = rows.get(TpccSchema.order(oId));
        List<RowWrite> writes = new ArrayList<>();
        writes.add(RowWrite.delete(oldest));
        writes.add(RowWrite.put(TpccSchema.order(oId), order.with(Order.CARRIER_ID, Datum.of(carrier))));
        long amount = 0;
        String lines = TpccSchema.linesOf(oId);
        for (Map.Entry<String, Row> line : rows.subMap(lines, TpccSchema.prefixEnd(lines)).entrySet()) {
            amount += line.getValue().getLong(OrderLine.AMOUNT, 0);
            writes.add(RowWrite.put(line.getKey(), line.getValue().with(OrderLine.DELIVERY_D, Datum.of(DATE))));
        }
        int c = (int) order.getLong(Order.C_ID, -1);
        Row last = rows.get(TpccSchema.lastOrder(c));
        if (last.getLong(Order.ID, -1) == oId) {
            writes.add(RowWrite.put(TpccSchema.lastOrder(c), last.with(Order.CARRIER_ID, Datum.of(carrier))
                    .with(OrderLine.DELIVERY_D, Datum.of(DATE))));
        }
        store.apply(key, writes);
        store.add(TpccSchema.customers(w, d), TpccSchema.customer(c), Customer.BALANCE, amount);
        store.add(TpccSchema.customers(w, d), TpccSchema.customer(c), Customer.DELIVERY_CNT, 1);
        return oId;
    }
}
