package io.catena.tpcc.check;

import io.catena.core.data.Row;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import java.util.Map;

/**
 * What a district's orders say of each of its customers: the sum of OL_AMOUNT of their delivered
 * lines (conditions 10 and 12) and their newest order (condition 13). An order naming a customer
 * the district does not have is reported under condition 13.
 */
final class CustomerOrders {

    private final long[] deliveredAmount;
    private final long[] newestOrder;

    private CustomerOrders(int customers) {
        deliveredAmount = new long[customers + 1];
        newestOrder = new long[customers + 1];
    }

    static CustomerOrders of(DistrictOrders orders, int customers, Findings findings) {
        CustomerOrders c = new CustomerOrders(customers);
        // Orders come in id order, so the last one seen of a customer is its newest.
        for (Map.Entry<Long, Row> e : orders.orders().entrySet()) {
            Long customer = RowNumbers.of(e.getValue(), Order.C_ID);
            if (customer == null || customer < 1 || customer > customers) {
                findings.violated(TpccCondition.COPIES_MATCH, orders.id() + ": order " + e.getKey() + " names customer "
                        + RowNumbers.show(customer) + ", who is not one of the district's " + customers);
                continue;
            }
            int cId = customer.intValue();
            c.newestOrder[cId] = e.getKey();
            for (DistrictOrders.Line line : orders.linesOf(e.getKey())) {
                Long amount = RowNumbers.of(line.row(), OrderLine.AMOUNT);
                if (DistrictOrders.delivered(line.row()) && amount != null) {
                    c.deliveredAmount[cId] += amount;
                }
            }
        }
        return c;
    }

    /** The sum of OL_AMOUNT of customer {@code cId}'s delivered lines. */
    long deliveredAmount(int cId) {
        return deliveredAmount[cId];
    }

    /** The highest O_ID of customer {@code cId}'s orders, or 0 if it has none. */
    long newestOrder(int cId) {
        return newestOrder[cId];
    }
}
