package io.catena.tpcc;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.txn.TxnSpec;
import io.catena.tpcc.readonly.OrderStatus;
import io.catena.tpcc.readonly.StockLevel;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;

/**
 * The inputs of one terminal's transactions, drawn as clause 2 asks: a terminal belongs to a home
 * warehouse; NewOrder orders 5-15 lines of NURand items, 1 % of them from another warehouse, and
 * 1 % of NewOrders name an unused item (a rollback); Payment pays for a customer of another
 * warehouse 15 % of the time and names the customer by last name 60 % of the time. Dates come
 * from the caller, since procedures read no clock. Not thread-safe: one per terminal.
 */
public final class TpccInputs {

    private final TpccScale scale;
    private final int homeWarehouse;
    private final TpccRandom random;

    public TpccInputs(TpccScale scale, int homeWarehouse, TpccRandom random) {
        if (homeWarehouse < 1 || homeWarehouse > scale.warehouses()) {
            throw new IllegalArgumentException("warehouse " + homeWarehouse + " is not one of 1-" + scale.warehouses());
        }
        this.scale = scale;
        this.homeWarehouse = homeWarehouse;
        this.random = random;
    }

    public int homeWarehouse() {
        return homeWarehouse;
    }

    /** A NewOrder call (clause 2.4.1) entered at {@code nowMillis}. */
    public TxnSpec.ProcedureCall newOrder(long nowMillis) {
        int lines = random.uniform(5, 15);
        boolean rollback = random.uniform(1, 100) == 1;
        List<Datum> items = new ArrayList<>(lines);
        List<Datum> supply = new ArrayList<>(lines);
        List<Datum> quantities = new ArrayList<>(lines);
        Set<Long> chosen = new HashSet<>();
        while (items.size() < lines) {
            boolean last = items.size() == lines - 1;
            int item = rollback && last ? scale.items() + 1 : random.itemId(scale.items());
            int supplyWarehouse = random.uniform(1, 100) == 1 ? otherWarehouse() : homeWarehouse;
            // A chain key may appear once in a call: an item drawn twice from one warehouse is drawn again.
            if (chosen.add(((long) supplyWarehouse << 32) | item)) {
                items.add(Datum.of(item));
                supply.add(Datum.of(supplyWarehouse));
                quantities.add(Datum.of(random.uniform(1, 10)));
            }
        }
        TreeMap<String, Datum> args = new TreeMap<>();
        args.put("w", Datum.of(homeWarehouse));
        args.put("d", Datum.of(random.uniform(1, scale.districtsPerWarehouse())));
        args.put("c", Datum.of(random.customerId(scale.customersPerDistrict())));
        args.put("entry_d", Datum.of(nowMillis));
        args.put("items", Datum.of(items));
        args.put("supply_w", Datum.of(supply));
        args.put("quantities", Datum.of(quantities));
        return call(TpccProcedureNames.NEW_ORDER, args);
    }

    /** A Payment call (clause 2.5.1) made at {@code nowMillis}. */
    public TxnSpec.ProcedureCall payment(long nowMillis) {
        int district = random.uniform(1, scale.districtsPerWarehouse());
        boolean remote = scale.warehouses() > 1 && random.uniform(1, 100) > 85;
        TreeMap<String, Datum> args = new TreeMap<>();
        args.put("w", Datum.of(homeWarehouse));
        args.put("d", Datum.of(district));
        args.put("c_w", Datum.of(remote ? otherWarehouse() : homeWarehouse));
        args.put("c_d", Datum.of(remote ? random.uniform(1, scale.districtsPerWarehouse()) : district));
        if (random.uniform(1, 100) <= 60) {
            args.put("c_last", Datum.of(TpccRandom.lastName(random.lastNameNumber(scale.lastNameNumbers()))));
        } else {
            args.put("c_id", Datum.of(random.customerId(scale.customersPerDistrict())));
        }
        args.put("amount", Datum.of(random.uniform(100L, 500_000L)));
        args.put("date", Datum.of(nowMillis));
        return call(TpccProcedureNames.PAYMENT, args);
    }

    /** A Delivery call (clause 2.7.1) for the home warehouse, made at {@code nowMillis}. */
    public TxnSpec.ProcedureCall delivery(long nowMillis) {
        TreeMap<String, Datum> args = new TreeMap<>();
        args.put("w", Datum.of(homeWarehouse));
        args.put("carrier", Datum.of(random.uniform(1, 10)));
        args.put("date", Datum.of(nowMillis));
        args.put("districts", Datum.of(scale.districtsPerWarehouse()));
        return call(TpccProcedureNames.DELIVERY, args);
    }

    /** An OrderStatus (clause 2.6.1): a customer of the home warehouse, by last name 60 % of the time. */
    public OrderStatus orderStatus() {
        int district = random.uniform(1, scale.districtsPerWarehouse());
        if (random.uniform(1, 100) <= 60) {
            return new OrderStatus(homeWarehouse, district, null,
                    TpccRandom.lastName(random.lastNameNumber(scale.lastNameNumbers())));
        }
        return new OrderStatus(homeWarehouse, district, random.customerId(scale.customersPerDistrict()), null);
    }

    /** A StockLevel (clause 2.8.1) of a district of the home warehouse, threshold 10-20. */
    public StockLevel stockLevel() {
        return new StockLevel(homeWarehouse, random.uniform(1, scale.districtsPerWarehouse()), random.uniform(10, 20));
    }

    /** A warehouse other than the home one, or the home one if it is the only one. */
    private int otherWarehouse() {
        if (scale.warehouses() == 1) {
            return homeWarehouse;
        }
        int w = random.uniform(1, scale.warehouses() - 1);
        return w >= homeWarehouse ? w + 1 : w;
    }

    private static TxnSpec.ProcedureCall call(String name, TreeMap<String, Datum> args) {
        return new TxnSpec.ProcedureCall(name, TpccProcedureNames.VERSION, Row.of(args));
    }
}
