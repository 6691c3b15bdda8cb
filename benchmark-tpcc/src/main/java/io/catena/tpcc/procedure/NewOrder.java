package io.catena.tpcc.procedure;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.procedure.HopContext;
import io.catena.core.txn.Access;
import io.catena.core.txn.Hop;
import io.catena.tpcc.TpccProcedureNames;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import io.catena.tpcc.TpccSchema.District;
import io.catena.tpcc.TpccSchema.LastOrder;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import io.catena.tpcc.TpccSchema.Stock;
import io.catena.tpcc.TpccSchema.Warehouse;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * TPC-C's NewOrder (clause 2.4.2). Hops, in order: the warehouse (its tax, read only), one stock
 * row per line (quantity, YTD and counters updated; price and S_DIST_xx carried on), then the
 * district, which numbers the order from D_NEXT_O_ID and writes the ORDER, NEW-ORDER and
 * ORDER-LINE rows and the customer's last-order row in the same hop.
 *
 * <p>Arguments: {@code w}, {@code d}, {@code c}, {@code entry_d} (ms), and the lines as parallel
 * lists {@code items}, {@code supply_w}, {@code quantities}. An item number with no stock row is
 * the specification's 1 % "unused item": the call aborts, in every region alike, and writes nothing.
 */
public final class NewOrder extends TpccProcedure {

    /** Column names of the call's outputs. */
    public static final String OUT_ORDER_ID = "o_id";
    public static final String OUT_TOTAL = "total_amount";

    /** Words in the abort reason of the specification's rollback, and of no other abort. */
    public static final String UNUSED_ITEM = "is not used";

    static final int MAX_LINES = 15;
    private static final int FIRST_STOCK_HOP = 1;

    public NewOrder() {
        super(TpccProcedureNames.NEW_ORDER);
    }

    @Override
    public List<Hop> hops(Row args) {
        Lines lines = Lines.of(new CallArgs(name(), args));
        List<Hop> hops = new ArrayList<>(lines.count() + 2);
        hops.add(new Hop(TpccSchema.warehouse(lines.w), Access.READ));
        for (int i = 0; i < lines.count(); i++) {
            hops.add(new Hop(TpccSchema.stock(lines.supply.get(i), lines.items.get(i)), Access.READ_WRITE));
        }
        hops.add(new Hop(TpccSchema.district(lines.w, lines.d), Access.READ_WRITE));
        return hops;
    }

    @Override
    public void executeHop(int hopIndex, HopContext ctx) {
        Lines lines = Lines.of(new CallArgs(name(), ctx.args()));
        if (hopIndex == 0) {
            Row warehouse = require(ctx, TpccSchema.ROW, "warehouse " + lines.w);
            if (warehouse != null) {
                ctx.carry(Warehouse.TAX, Datum.of(Columns.integer(warehouse, Warehouse.TAX)));
            }
        } else if (hopIndex <= lines.count()) {
            updateStock(ctx, lines, hopIndex - FIRST_STOCK_HOP);
        } else {
            placeOrder(ctx, lines);
        }
    }

    private static void updateStock(HopContext ctx, Lines lines, int line) {
        Row stock = ctx.read(TpccSchema.ROW);
        if (stock == null) {
            ctx.abort("item " + lines.items.get(line) + " " + UNUSED_ITEM + " (no stock row in warehouse "
                    + lines.supply.get(line) + "): NewOrder rolled back");
            return;
        }
        int quantity = lines.quantities.get(line);
        long onHand = Columns.integer(stock, Stock.QUANTITY);
        long next = onHand >= quantity + 10 ? onHand - quantity : onHand - quantity + 91;
        Row updated = stock.with(Stock.QUANTITY, Datum.of(next));
        updated = Columns.add(updated, Stock.YTD, quantity);
        updated = Columns.add(updated, Stock.ORDER_CNT, 1);
        if (lines.supply.get(line) != lines.w) {
            updated = Columns.add(updated, Stock.REMOTE_CNT, 1);
        }
        ctx.write(TpccSchema.ROW, updated);
        ctx.carry(priceOf(line), Datum.of(Columns.integer(stock, Stock.I_PRICE)));
        ctx.carry(distOf(line), Datum.of(Columns.text(stock, Stock.dist(lines.d))));
    }

    private static void placeOrder(HopContext ctx, Lines lines) {
        Row district = require(ctx, TpccSchema.DISTRICT_ROW, "district " + lines.w + "-" + lines.d);
        Row customer = require(ctx, TpccSchema.customerCopy(lines.c), "customer " + lines.c + " of district "
                + lines.w + "-" + lines.d);
        if (district == null || customer == null) {
            return;
        }
        long orderId = Columns.integer(district, District.NEXT_O_ID);
        ctx.write(TpccSchema.DISTRICT_ROW, Columns.add(district, District.NEXT_O_ID, 1));
        boolean allLocal = lines.supply.stream().allMatch(s -> s == lines.w);
        TreeMap<String, Datum> order = new TreeMap<>();
        order.put(Order.ID, Datum.of(orderId));
        order.put(Order.C_ID, Datum.of(lines.c));
        order.put(Order.ENTRY_D, Datum.of(lines.entryMillis));
        order.put(Order.OL_CNT, Datum.of(lines.count()));
        order.put(Order.ALL_LOCAL, Datum.of(allLocal ? 1 : 0));
        ctx.write(TpccSchema.order(orderId), Row.of(order));
        ctx.write(TpccSchema.newOrder(orderId), Row.of(Order.ID, orderId));
        long sum = writeLines(ctx, lines, orderId);
        long discount = Columns.integer(customer, Customer.DISCOUNT);
        long taxes = Columns.integer(ctx.carried(), Warehouse.TAX) + Columns.integer(district, District.TAX);
        long scale = TpccSchema.RATE_SCALE;
        long total = Math.round(sum * (double) (scale - discount) * (scale + taxes) / ((double) scale * scale));
        ctx.output(OUT_ORDER_ID, Datum.of(orderId));
        ctx.output(OUT_TOTAL, Datum.of(total));
        ctx.output(Customer.LAST, Datum.of(Columns.text(customer, Customer.LAST)));
        ctx.output(Customer.CREDIT, Datum.of(Columns.text(customer, Customer.CREDIT)));
    }

    /** Writes the ORDER-LINE rows and the customer's last-order row; returns the sum of the amounts. */
    private static long writeLines(HopContext ctx, Lines lines, long orderId) {
        Row carried = ctx.carried();
        List<Datum> amounts = new ArrayList<>(lines.count());
        long sum = 0;
        for (int i = 0; i < lines.count(); i++) {
            long amount = Math.multiplyExact(lines.quantities.get(i), Columns.integer(carried, priceOf(i)));
            sum += amount;
            amounts.add(Datum.of(amount));
            TreeMap<String, Datum> line = new TreeMap<>();
            line.put(OrderLine.I_ID, Datum.of(lines.items.get(i)));
            line.put(OrderLine.SUPPLY_W_ID, Datum.of(lines.supply.get(i)));
            line.put(OrderLine.QUANTITY, Datum.of(lines.quantities.get(i)));
            line.put(OrderLine.AMOUNT, Datum.of(amount));
            line.put(OrderLine.DIST_INFO, Datum.of(Columns.text(carried, distOf(i))));
            ctx.write(TpccSchema.line(orderId, i + 1), Row.of(line));
        }
        TreeMap<String, Datum> last = new TreeMap<>();
        last.put(Order.ID, Datum.of(orderId));
        last.put(Order.ENTRY_D, Datum.of(lines.entryMillis));
        last.put(LastOrder.ITEM_IDS, ints(lines.items));
        last.put(LastOrder.SUPPLY_W_IDS, ints(lines.supply));
        last.put(LastOrder.QUANTITIES, ints(lines.quantities));
        last.put(LastOrder.AMOUNTS, Datum.of(amounts));
        ctx.write(TpccSchema.lastOrder(lines.c), Row.of(last));
        return sum;
    }

    private static Row require(HopContext ctx, String clustering, String what) {
        Row row = ctx.read(clustering);
        if (row == null) {
            ctx.abort(what + " does not exist");
        }
        return row;
    }

    private static Datum ints(List<Integer> values) {
        List<Datum> out = new ArrayList<>(values.size());
        values.forEach(v -> out.add(Datum.of(v)));
        return Datum.of(out);
    }

    private static String priceOf(int line) {
        return "price_" + line;
    }

    private static String distOf(int line) {
        return "dist_" + line;
    }

    /** The call's arguments, checked: the lines as parallel lists of one length, 1-15. */
    private record Lines(int w, int d, int c, long entryMillis, List<Integer> items, List<Integer> supply,
                         List<Integer> quantities) {

        static Lines of(CallArgs args) {
            List<Integer> items = args.integers("items", 1, Integer.MAX_VALUE);
            List<Integer> supply = args.integers("supply_w", 1, Integer.MAX_VALUE);
            List<Integer> quantities = args.integers("quantities", 1, 10);
            if (items.isEmpty() || items.size() > MAX_LINES || supply.size() != items.size()
                    || quantities.size() != items.size()) {
                throw new IllegalArgumentException("NewOrder needs 1-" + MAX_LINES + " lines with an item, a supplying"
                        + " warehouse and a quantity each, got " + items.size() + " items, " + supply.size()
                        + " warehouses and " + quantities.size() + " quantities");
            }
            return new Lines(args.integer("w", 1, Integer.MAX_VALUE), args.integer("d", 1, 10),
                    args.integer("c", 1, Integer.MAX_VALUE), args.integer("entry_d"), items, supply, quantities);
        }

        int count() {
            return items.size();
        }
    }
}
