package io.catena.tpcc.procedure;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.procedure.HopContext;
import io.catena.core.txn.Access;
import io.catena.core.txn.Hop;
import io.catena.tpcc.TpccProcedureNames;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * TPC-C's Delivery (clause 2.7.4), run as one transaction rather than queued. For each district of
 * the warehouse, two hops: the district partition, where the oldest NEW-ORDER row is removed, the
 * order gets its carrier, its lines their delivery date, and the customer's last-order row both if
 * it shows this order; then the district's customers, where the customer's balance grows by the
 * lines' amounts. A district with no undelivered order is skipped, as the specification allows.
 *
 * <p>Arguments: {@code w}, {@code carrier} (1-10), {@code date} (ms), {@code districts} (how many
 * districts the warehouse has).
 */
public final class Delivery extends TpccProcedure {

    /** Output {@code delivered_D}: the order delivered in district D, 0 if none was waiting. */
    public static final String OUT_DELIVERED_PREFIX = "delivered_";

    public Delivery() {
        super(TpccProcedureNames.DELIVERY);
    }

    @Override
    public List<Hop> hops(Row args) {
        Call call = Call.of(new CallArgs(name(), args));
        List<Hop> hops = new ArrayList<>(2 * call.districts);
        for (int d = 1; d <= call.districts; d++) {
            hops.add(new Hop(TpccSchema.district(call.w, d), Access.READ_WRITE));
            hops.add(new Hop(TpccSchema.customers(call.w, d), Access.READ_WRITE));
        }
        return hops;
    }

    @Override
    public void executeHop(int hopIndex, HopContext ctx) {
        Call call = Call.of(new CallArgs(name(), ctx.args()));
        int district = hopIndex / 2 + 1;
        if (hopIndex % 2 == 0) {
            deliverOldest(ctx, call, district);
        } else {
            chargeCustomer(ctx, district);
        }
    }

    private static void deliverOldest(HopContext ctx, Call call, int district) {
        SortedMap<String, Row> waiting = ctx.scan(TpccSchema.NEW_ORDER_PREFIX,
                TpccSchema.prefixEnd(TpccSchema.NEW_ORDER_PREFIX));
        if (waiting.isEmpty()) {
            ctx.output(OUT_DELIVERED_PREFIX + district, Datum.of(0));
            return;
        }
        long orderId = Columns.integer(waiting.get(waiting.firstKey()), Order.ID);
        ctx.delete(waiting.firstKey());
        Row order = ctx.read(TpccSchema.order(orderId));
        if (order == null) {
            throw new IllegalStateException("new-order " + orderId + " of district " + call.w + "-" + district
                    + " has no order row");
        }
        ctx.write(TpccSchema.order(orderId), order.with(Order.CARRIER_ID, Datum.of(call.carrier)));
        long amount = 0;
        String lines = TpccSchema.linesOf(orderId);
        for (Map.Entry<String, Row> line : ctx.scan(lines, TpccSchema.prefixEnd(lines)).entrySet()) {
            amount += Columns.integer(line.getValue(), OrderLine.AMOUNT);
            ctx.write(line.getKey(), line.getValue().with(OrderLine.DELIVERY_D, Datum.of(call.dateMillis)));
        }
        int customer = (int) Columns.integer(order, Order.C_ID);
        Row last = ctx.read(TpccSchema.lastOrder(customer));
        if (last != null && Columns.integer(last, Order.ID) == orderId) {
            ctx.write(TpccSchema.lastOrder(customer), last.with(Order.CARRIER_ID, Datum.of(call.carrier))
                    .with(OrderLine.DELIVERY_D, Datum.of(call.dateMillis)));
        }
        ctx.carry(customerOf(district), Datum.of(customer));
        ctx.carry(amountOf(district), Datum.of(amount));
        ctx.output(OUT_DELIVERED_PREFIX + district, Datum.of(orderId));
    }

    private static void chargeCustomer(HopContext ctx, int district) {
        Datum customerId = ctx.carried().getOrNull(customerOf(district));
        if (customerId == null) {
            return;
        }
        String key = TpccSchema.customer((int) ((Datum.Int64) customerId).value());
        Row customer = ctx.read(key);
        if (customer == null) {
            throw new IllegalStateException("an order of district " + district + " names customer " + customerId
                    + ", who does not exist");
        }
        Row charged = Columns.add(customer, Customer.BALANCE, Columns.integer(ctx.carried(), amountOf(district)));
        ctx.write(key, Columns.add(charged, Customer.DELIVERY_CNT, 1));
    }

    private static String customerOf(int district) {
        return "c_" + district;
    }

    private static String amountOf(int district) {
        return "amount_" + district;
    }

    private record Call(int w, int carrier, long dateMillis, int districts) {

        static Call of(CallArgs args) {
            return new Call(args.integer("w", 1, Integer.MAX_VALUE), args.integer("carrier", 1, 10),
                    args.integer("date"), args.integer("districts", 1, 10));
        }
    }
}
