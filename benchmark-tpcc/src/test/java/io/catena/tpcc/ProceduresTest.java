package io.catena.tpcc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnSpec;
import io.catena.storage.memory.MemoryStorageEngine;
import io.catena.tpcc.TpccSchema.Customer;
import io.catena.tpcc.TpccSchema.District;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.Stock;
import io.catena.tpcc.load.TpccLoader;
import io.catena.tpcc.procedure.CustomerByName;
import io.catena.tpcc.procedure.Delivery;
import io.catena.tpcc.procedure.NewOrder;
import io.catena.tpcc.procedure.Payment;
import io.catena.tpcc.procedure.TpccProcedures;
import io.catena.tpcc.readonly.OrderStatus;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Each TPC-C procedure, run serially on a small loaded database, does what its clause says. */
class ProceduresTest {

    private static final TpccScale SCALE = new TpccScale(2, 3, 30, 200);
    private static final long DATE = 1_767_225_600_000L;

    private MemoryStorageEngine store;
    private SerialTpcc db;

    @BeforeEach
    void load() {
        store = new MemoryStorageEngine();
        new TpccLoader(SCALE, 7, DATE).load().forEach((key, rows) ->
                store.apply(key, Version.of(0, 1), rows).toCompletableFuture().join());
        db = new SerialTpcc(store);
    }

    @Test
    void newOrderNumbersTheOrderAndWritesItsRows() {
        long next = district(1, 2).getLong(District.NEXT_O_ID, -1);
        long stockBefore = row(TpccSchema.STOCK, "1-5", TpccSchema.ROW).getLong(Stock.YTD, -1);
        SerialTpcc.Result r = db.call(newOrder(1, 2, 4, List.of(5, 6), List.of(1, 1), List.of(3, 4)));

        assertThat(r.committed()).as(r.abortReason()).isTrue();
        assertThat(r.outputs().getLong(NewOrder.OUT_ORDER_ID, -1)).isEqualTo(next);
        assertThat(district(1, 2).getLong(District.NEXT_O_ID, -1)).isEqualTo(next + 1);
        Row order = row(TpccSchema.DISTRICT, "1-2", TpccSchema.order(next));
        assertThat(order.getLong(Order.C_ID, -1)).isEqualTo(4);
        assertThat(order.getLong(Order.OL_CNT, -1)).isEqualTo(2);
        assertThat(order.getOrNull(Order.CARRIER_ID)).isNull();
        assertThat(row(TpccSchema.DISTRICT, "1-2", TpccSchema.newOrder(next))).isNotNull();
        assertThat(row(TpccSchema.DISTRICT, "1-2", TpccSchema.line(next, 2))).isNotNull();
        assertThat(row(TpccSchema.STOCK, "1-5", TpccSchema.ROW).getLong(Stock.YTD, -1)).isEqualTo(stockBefore + 3);
        OrderStatus.Result status = new OrderStatus(1, 2, 4, null).run(db);
        assertThat(status.orderId()).isEqualTo(next);
        assertThat(status.lineCount()).isEqualTo(2);
        assertThat(status.delivered()).isFalse();
    }

    @Test
    void anUnusedItemRollsTheWholeOrderBack() {
        long next = district(1, 1).getLong(District.NEXT_O_ID, -1);
        SerialTpcc.Result r = db.call(newOrder(1, 1, 1, List.of(5, SCALE.items() + 1), List.of(1, 1), List.of(1, 1)));

        assertThat(r.committed()).isFalse();
        assertThat(r.abortReason()).contains(NewOrder.UNUSED_ITEM);
        assertThat(district(1, 1).getLong(District.NEXT_O_ID, -1)).isEqualTo(next);
        assertThat(row(TpccSchema.DISTRICT, "1-1", TpccSchema.order(next))).isNull();
    }

    @Test
    void paymentByLastNamePaysTheMiddleCustomerOfTheName() {
        String last = TpccRandom.lastName(0);
        Row index = row(TpccSchema.CUSTOMER, "2-3", TpccSchema.lastName(last));
        int chosen = CustomerByName.choose(index);
        long balance = customer(2, 3, chosen).getLong(Customer.BALANCE, 0);
        long wYtd = row(TpccSchema.WAREHOUSE_YTD, "1", TpccSchema.ROW).getLong(TpccSchema.Warehouse.YTD, 0);

        TreeMap<String, Datum> args = new TreeMap<>(Map.of("w", Datum.of(1), "d", Datum.of(1), "c_w", Datum.of(2),
                "c_d", Datum.of(3), "c_last", Datum.of(last), "amount", Datum.of(1234), "date", Datum.of(DATE)));
        SerialTpcc.Result r = db.call(call(TpccProcedureNames.PAYMENT, args));

        assertThat(r.committed()).as(r.abortReason()).isTrue();
        assertThat(r.outputs().getLong(Payment.OUT_CUSTOMER_ID, -1)).isEqualTo(chosen);
        assertThat(customer(2, 3, chosen).getLong(Customer.BALANCE, 0)).isEqualTo(balance - 1234);
        assertThat(row(TpccSchema.WAREHOUSE_YTD, "1", TpccSchema.ROW).getLong(TpccSchema.Warehouse.YTD, 0))
                .isEqualTo(wYtd + 1234);
        long historyId = row(TpccSchema.DISTRICT_YTD, "1-1", TpccSchema.DISTRICT_YTD_ROW)
                .getLong(District.NEXT_H_ID, 0) - 1;
        Row history = row(TpccSchema.DISTRICT_YTD, "1-1", TpccSchema.history(historyId));
        assertThat(history.getLong(TpccSchema.History.C_ID, -1)).isEqualTo(chosen);
        assertThat(history.getLong(TpccSchema.History.C_W_ID, -1)).isEqualTo(2);
    }

    @Test
    void deliveryDeliversTheOldestNewOrderOfEveryDistrict() {
        long oldest = SCALE.deliveredOrdersPerDistrict() + 1;
        int customerId = (int) row(TpccSchema.DISTRICT, "2-2", TpccSchema.order(oldest)).getLong(Order.C_ID, -1);
        long balance = customer(2, 2, customerId).getLong(Customer.BALANCE, 0);
        long amount = 0;
        for (Row line : store.readPartition(TpccSchema.district(2, 2), Version.MAX).toCompletableFuture().join()
                .subMap(TpccSchema.linesOf(oldest), TpccSchema.prefixEnd(TpccSchema.linesOf(oldest))).values()) {
            amount += line.getLong(TpccSchema.OrderLine.AMOUNT, 0);
        }
        TreeMap<String, Datum> args = new TreeMap<>(Map.of("w", Datum.of(2), "carrier", Datum.of(7),
                "date", Datum.of(DATE + 1), "districts", Datum.of(SCALE.districtsPerWarehouse())));
        SerialTpcc.Result r = db.call(call(TpccProcedureNames.DELIVERY, args));

        assertThat(r.committed()).as(r.abortReason()).isTrue();
        assertThat(r.outputs().getLong(Delivery.OUT_DELIVERED_PREFIX + 2, -1)).isEqualTo(oldest);
        assertThat(row(TpccSchema.DISTRICT, "2-2", TpccSchema.newOrder(oldest))).isNull();
        assertThat(row(TpccSchema.DISTRICT, "2-2", TpccSchema.order(oldest)).getLong(Order.CARRIER_ID, -1))
                .isEqualTo(7);
        assertThat(customer(2, 2, customerId).getLong(Customer.BALANCE, 0)).isEqualTo(balance + amount);
        assertThat(customer(2, 2, customerId).getLong(Customer.DELIVERY_CNT, -1)).isEqualTo(1);
    }

    @Test
    void callsWithBadArgumentsAreRejectedBeforeTheyRun() {
        TxnPlanner planner = new TxnPlanner(TpccProcedures.registry());
        TreeMap<String, Datum> noCustomer = new TreeMap<>(Map.of("w", Datum.of(1), "d", Datum.of(1),
                "c_w", Datum.of(1), "c_d", Datum.of(1), "amount", Datum.of(5), "date", Datum.of(DATE)));
        assertThat(planner.plan(call(TpccProcedureNames.PAYMENT, noCustomer)).rejection())
                .contains("exactly one of 'c_id' and 'c_last'");
        assertThat(planner.plan(newOrder(1, 1, 1, List.of(1, 2), List.of(1), List.of(1, 1))).rejection())
                .contains("1-15 lines");
        assertThatThrownBy(() -> new OrderStatus(1, 1, 3, "BARBARBAR"))
                .hasMessageContaining("exactly one of id and last name");
    }

    private static TxnSpec.ProcedureCall newOrder(int w, int d, int c, List<Integer> items, List<Integer> supply,
                                                  List<Integer> quantities) {
        TreeMap<String, Datum> args = new TreeMap<>();
        args.put("w", Datum.of(w));
        args.put("d", Datum.of(d));
        args.put("c", Datum.of(c));
        args.put("entry_d", Datum.of(DATE));
        args.put("items", ints(items));
        args.put("supply_w", ints(supply));
        args.put("quantities", ints(quantities));
        return call(TpccProcedureNames.NEW_ORDER, args);
    }

    private static Datum ints(List<Integer> values) {
        return Datum.of(values.stream().map(v -> (Datum) Datum.of(v)).toList());
    }

    private static TxnSpec.ProcedureCall call(String name, TreeMap<String, Datum> args) {
        return new TxnSpec.ProcedureCall(name, TpccProcedureNames.VERSION, Row.of(args));
    }

    private Row district(int w, int d) {
        return row(TpccSchema.DISTRICT, w + "-" + d, TpccSchema.DISTRICT_ROW);
    }

    private Row customer(int w, int d, int c) {
        return row(TpccSchema.CUSTOMER, w + "-" + d, TpccSchema.customer(c));
    }

    private Row row(String table, String partition, String clustering) {
        RowKey key = RowKey.of(table, partition, clustering);
        return db.read(List.of(key)).get(key);
    }
}
