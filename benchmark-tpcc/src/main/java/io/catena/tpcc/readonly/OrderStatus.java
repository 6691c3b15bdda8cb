package io.catena.tpcc.readonly;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import io.catena.tpcc.TpccSchema.LastOrder;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.procedure.CustomerByName;
import java.util.List;
import java.util.Map;

/**
 * TPC-C's OrderStatus (clause 2.6.2) as a local read-only transaction: the customer's row and
 * its last-order row (kept by NewOrder and Delivery) from one snapshot. A customer named by last
 * name is first looked up in the last-name index; the index never changes after the load, so
 * reading it in an earlier snapshot does not weaken the isolation of the answer.
 *
 * @param cId   the customer's id, or null when named by {@code cLast}
 * @param cLast the customer's last name, or null when named by id
 */
public record OrderStatus(int w, int d, Integer cId, String cLast) {

    public OrderStatus {
        if ((cId == null) == (cLast == null)) {
            throw new IllegalArgumentException("OrderStatus names its customer by exactly one of id and last name");
        }
    }

    /** What OrderStatus shows: the customer's balance and newest order ({@code orderId} 0 if none). */
    public record Result(int customerId, long balance, long orderId, int lineCount, boolean delivered) {
    }

    /** Runs the reads; throws {@link IllegalStateException} if the customer does not exist. */
    public Result run(SnapshotReader reader) {
        int id = cId != null ? cId : byName(reader);
        RowKey customerKey = RowKey.of(TpccSchema.CUSTOMER, TpccSchema.customers(w, d).partition(),
                TpccSchema.customer(id));
        RowKey lastOrderKey = RowKey.of(TpccSchema.DISTRICT, TpccSchema.district(w, d).partition(),
                TpccSchema.lastOrder(id));
        Map<RowKey, Row> rows = reader.read(List.of(customerKey, lastOrderKey));
        Row customer = rows.get(customerKey);
        if (customer == null) {
            throw new IllegalStateException("customer " + id + " of district " + w + "-" + d + " does not exist");
        }
        long balance = customer.getLong(Customer.BALANCE, 0);
        Row last = rows.get(lastOrderKey);
        if (last == null) {
            return new Result(id, balance, 0, 0, false);
        }
        Datum items = last.getOrNull(LastOrder.ITEM_IDS);
        int lines = items instanceof Datum.Seq seq ? seq.values().size() : 0;
        return new Result(id, balance, last.getLong(Order.ID, 0), lines, last.getOrNull(Order.CARRIER_ID) != null);
    }

    private int byName(SnapshotReader reader) {
        RowKey index = RowKey.of(TpccSchema.CUSTOMER, TpccSchema.customers(w, d).partition(),
                TpccSchema.lastName(cLast));
        int id = CustomerByName.choose(reader.read(List.of(index)).get(index));
        if (id < 0) {
            throw new IllegalStateException("no customer named " + cLast + " in district " + w + "-" + d);
        }
        return id;
    }
}
