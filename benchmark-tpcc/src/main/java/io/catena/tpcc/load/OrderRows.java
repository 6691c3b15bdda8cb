package io.catena.tpcc.load;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.LastOrder;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A district's orders as clause 4.3.3.1 loads them: one per customer, in a random order of
 * customers; the first {@link TpccScale#deliveredOrdersPerDistrict()} delivered (a carrier, lines
 * dated and of amount 0), the rest waiting with a NEW-ORDER row. Each customer's last-order row
 * repeats its order, since each customer has exactly one.
 */
final class OrderRows {

    private static final Datum LINE_QUANTITY = SharedNumbers.of(5);

    private final List<RowWrite> district;
    private final Datum supplyWarehouse;
    private final LoadParameters load;
    private final TpccRandom random;

    OrderRows(List<RowWrite> district, int w, LoadParameters load, TpccRandom random) {
        this.district = district;
        this.supplyWarehouse = SharedNumbers.of(w);
        this.load = load;
        this.random = random;
    }

    void addAll() {
        int[] customerOf = permutation(load.scale().customersPerDistrict());
        for (int oId = 1; oId <= customerOf.length; oId++) {
            addOrder(oId, customerOf[oId - 1]);
        }
    }

    private void addOrder(int oId, int cId) {
        boolean delivered = oId <= load.scale().deliveredOrdersPerDistrict();
        int lineCount = random.uniform(5, 15);
        RowBuilder order = new RowBuilder().put(Order.ID, oId)
                .put(Order.C_ID, cId)
                .put(Order.ENTRY_D, load.loadDate())
                .put(Order.OL_CNT, lineCount)
                .put(Order.ALL_LOCAL, 1);
        RowBuilder last = new RowBuilder().put(Order.ID, oId).put(Order.ENTRY_D, load.loadDate());
        if (delivered) {
            Datum carrier = SharedNumbers.of(random.uniform(1, 10));
            order.put(Order.CARRIER_ID, carrier);
            last.put(Order.CARRIER_ID, carrier).put(OrderLine.DELIVERY_D, load.loadDate());
        } else {
            district.add(RowWrite.put(TpccSchema.newOrder(oId), Row.of(Order.ID, SharedNumbers.of(oId))));
        }
        district.add(RowWrite.put(TpccSchema.order(oId), order.build()));
        addLines(oId, lineCount, delivered, last);
        district.add(RowWrite.put(TpccSchema.lastOrder(cId), last.build()));
    }

    /** Writes the order's lines, and repeats them in the customer's last-order row. */
    private void addLines(int oId, int lineCount, boolean delivered, RowBuilder last) {
        List<Datum> items = new ArrayList<>(lineCount);
        List<Datum> amounts = new ArrayList<>(lineCount);
        for (int n = 1; n <= lineCount; n++) {
            Datum item = SharedNumbers.of(random.uniform(1, load.scale().items()));
            Datum amount = SharedNumbers.of(delivered ? 0 : random.uniform(1, 999_999));
            RowBuilder line = new RowBuilder().put(OrderLine.I_ID, item)
                    .put(OrderLine.SUPPLY_W_ID, supplyWarehouse)
                    .put(OrderLine.QUANTITY, LINE_QUANTITY)
                    .put(OrderLine.AMOUNT, amount)
                    .put(OrderLine.DIST_INFO, random.aString(24, 24));
            if (delivered) {
                line.put(OrderLine.DELIVERY_D, load.loadDate());
            }
            district.add(RowWrite.put(TpccSchema.line(oId, n), line.build()));
            items.add(item);
            amounts.add(amount);
        }
        last.put(LastOrder.ITEM_IDS, Datum.of(items))
                .put(LastOrder.SUPPLY_W_IDS, Datum.of(List.of(repeat(supplyWarehouse, lineCount))))
                .put(LastOrder.QUANTITIES, Datum.of(List.of(repeat(LINE_QUANTITY, lineCount))))
                .put(LastOrder.AMOUNTS, Datum.of(amounts));
    }

    /** 1 to {@code n} in a random order (Fisher-Yates): O_C_ID of orders 1 to n. */
    private int[] permutation(int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i + 1;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = random.uniform(0, i);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    private static Datum[] repeat(Datum value, int times) {
        Datum[] all = new Datum[times];
        Arrays.fill(all, value);
        return all;
    }
}
