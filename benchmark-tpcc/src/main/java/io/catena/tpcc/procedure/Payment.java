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
import io.catena.tpcc.TpccSchema.History;
import io.catena.tpcc.TpccSchema.Warehouse;
import java.util.List;
import java.util.TreeMap;

/**
 * TPC-C's Payment (clause 2.5.2). Hops, in order: the customer's district partition (the customer
 * found by id, or by last name through the index row; balance, YTD payment and count updated, and
 * C_DATA for bad credit), the paying warehouse's YTD (W_NAME carried on), then the paying
 * district's YTD, which also numbers and writes the HISTORY row.
 *
 * <p>Arguments: {@code w}, {@code d} (where the payment is made), {@code c_w}, {@code c_d} (the
 * customer's district), {@code c_id} or {@code c_last}, {@code amount} (cents), {@code date} (ms).
 */
public final class Payment extends TpccProcedure {

    public static final String OUT_CUSTOMER_ID = Customer.ID;
    public static final String OUT_BALANCE = Customer.BALANCE;

    /** C_DATA never grows beyond this (clause 2.5.2.2). */
    static final int MAX_C_DATA = 500;
    private static final String CARRIED_C_ID = "c_id";

    public Payment() {
        super(TpccProcedureNames.PAYMENT);
    }

    @Override
    public List<Hop> hops(Row args) {
        Call call = Call.of(new CallArgs(name(), args));
        return List.of(
                new Hop(TpccSchema.customers(call.cW, call.cD), Access.READ_WRITE),
                new Hop(TpccSchema.warehouseYtd(call.w), Access.READ_WRITE),
                new Hop(TpccSchema.districtYtd(call.w, call.d), Access.READ_WRITE));
    }

    @Override
    public void executeHop(int hopIndex, HopContext ctx) {
        Call call = Call.of(new CallArgs(name(), ctx.args()));
        switch (hopIndex) {
            case 0 -> payCustomer(ctx, call);
            case 1 -> addToWarehouse(ctx, call);
            default -> addToDistrict(ctx, call);
        }
    }

    private static void payCustomer(HopContext ctx, Call call) {
        int cId = call.cId != null ? call.cId : CustomerByName.find(ctx, call.cLast);
        if (cId < 0) {
            ctx.abort("no customer named " + call.cLast + " in district " + call.cW + "-" + call.cD);
            return;
        }
        Row customer = ctx.read(TpccSchema.customer(cId));
        if (customer == null) {
            ctx.abort("customer " + cId + " of district " + call.cW + "-" + call.cD + " does not exist");
            return;
        }
        Row paid = Columns.add(customer, Customer.BALANCE, -call.amount);
        paid = Columns.add(paid, Customer.YTD_PAYMENT, call.amount);
        paid = Columns.add(paid, Customer.PAYMENT_CNT, 1);
        if (Columns.text(customer, Customer.CREDIT).equals("BC")) {
            String entry = cId + " " + call.cD + " " + call.cW + " " + call.d + " " + call.w + " " + call.amount + " | ";
            String data = entry + Columns.text(customer, Customer.DATA);
            paid = paid.with(Customer.DATA, Datum.of(data.length() > MAX_C_DATA ? data.substring(0, MAX_C_DATA) : data));
        }
        ctx.write(TpccSchema.customer(cId), paid);
        ctx.carry(CARRIED_C_ID, Datum.of(cId));
        ctx.output(OUT_CUSTOMER_ID, Datum.of(cId));
        ctx.output(OUT_BALANCE, Datum.of(Columns.integer(paid, Customer.BALANCE)));
    }

    private static void addToWarehouse(HopContext ctx, Call call) {
        Row ytd = ctx.read(TpccSchema.ROW);
        if (ytd == null) {
            ctx.abort("warehouse " + call.w + " does not exist");
            return;
        }
        ctx.write(TpccSchema.ROW, Columns.add(ytd, Warehouse.YTD, call.amount));
        ctx.carry(Warehouse.NAME, Datum.of(Columns.text(ytd, Warehouse.NAME)));
    }

    private static void addToDistrict(HopContext ctx, Call call) {
        Row ytd = ctx.read(TpccSchema.DISTRICT_YTD_ROW);
        if (ytd == null) {
            ctx.abort("district " + call.w + "-" + call.d + " does not exist");
            return;
        }
        long historyId = Columns.integer(ytd, District.NEXT_H_ID);
        Row updated = Columns.add(ytd, District.YTD, call.amount);
        ctx.write(TpccSchema.DISTRICT_YTD_ROW, Columns.add(updated, District.NEXT_H_ID, 1));
        TreeMap<String, Datum> history = new TreeMap<>();
        history.put(History.C_ID, Datum.of(Columns.integer(ctx.carried(), CARRIED_C_ID)));
        history.put(History.C_D_ID, Datum.of(call.cD));
        history.put(History.C_W_ID, Datum.of(call.cW));
        history.put(History.DATE, Datum.of(call.dateMillis));
        history.put(History.AMOUNT, Datum.of(call.amount));
        history.put(History.DATA, Datum.of(Columns.text(ctx.carried(), Warehouse.NAME) + "    "
                + Columns.text(ytd, District.NAME)));
        ctx.write(TpccSchema.history(historyId), Row.of(history));
    }

    /** The call's arguments, checked; exactly one of {@code cId} and {@code cLast} is set. */
    private record Call(int w, int d, int cW, int cD, Integer cId, String cLast, long amount, long dateMillis) {

        static Call of(CallArgs args) {
            boolean byName = args.has("c_last");
            if (byName == args.has("c_id")) {
                throw new IllegalArgumentException("Payment names its customer by exactly one of 'c_id' and 'c_last'");
            }
            long amount = args.integer("amount");
            if (amount < 1) {
                throw new IllegalArgumentException("Payment's amount must be at least one cent, got " + amount);
            }
            return new Call(args.integer("w", 1, Integer.MAX_VALUE), args.integer("d", 1, 10),
                    args.integer("c_w", 1, Integer.MAX_VALUE), args.integer("c_d", 1, 10),
                    byName ? null : args.integer("c_id", 1, Integer.MAX_VALUE), byName ? args.text("c_last") : null,
                    amount, args.integer("date"));
        }
    }
}
