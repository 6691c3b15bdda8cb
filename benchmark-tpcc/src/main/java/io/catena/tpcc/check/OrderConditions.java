package io.catena.tpcc.check;

import io.catena.core.data.Row;
import io.catena.tpcc.TpccSchema.District;
import io.catena.tpcc.TpccSchema.Order;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;

/** Conditions 2-7 and 11: a district's orders, NEW-ORDER rows and order lines against each other. */
final class OrderConditions {

    private final DistrictOrders orders;
    private final DistrictId id;
    private final Findings findings;

    OrderConditions(DistrictOrders orders, Findings findings) {
        this.orders = orders;
        this.id = orders.id();
        this.findings = findings;
    }

    /**
     * @param deliveredAtLoad orders each district loads as delivered; null when Delivery may have
     *                        run, which makes condition 11 not applicable
     */
    void check(Integer deliveredAtLoad) {
        nextOrderId();
        newOrdersContiguous();
        lineCounts();
        carriers();
        lines();
        if (deliveredAtLoad != null) {
            undelivered(deliveredAtLoad);
        }
    }

    /** 2: D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID), the last only if there are NEW-ORDER rows. */
    private void nextOrderId() {
        findings.checked(TpccCondition.NEXT_ORDER_ID_FOLLOWS_ORDERS, 1);
        Long next = RowNumbers.of(orders.district(), District.NEXT_O_ID);
        if (next == null) {
            violated(TpccCondition.NEXT_ORDER_ID_FOLLOWS_ORDERS, "the district has no D_NEXT_O_ID");
            return;
        }
        long maxOrder = orders.orders().isEmpty() ? 0 : orders.orders().lastKey();
        if (next - 1 != maxOrder) {
            violated(TpccCondition.NEXT_ORDER_ID_FOLLOWS_ORDERS,
                    "D_NEXT_O_ID - 1 = " + (next - 1) + " but max(O_ID) = " + maxOrder);
        }
        SortedSet<Long> waiting = orders.newOrders();
        if (!waiting.isEmpty() && next - 1 != waiting.last()) {
            violated(TpccCondition.NEXT_ORDER_ID_FOLLOWS_ORDERS,
                    "D_NEXT_O_ID - 1 = " + (next - 1) + " but max(NO_O_ID) = " + waiting.last());
        }
    }

    /** 3: the NEW-ORDER ids have no gap. */
    private void newOrdersContiguous() {
        findings.checked(TpccCondition.NEW_ORDERS_CONTIGUOUS, 1);
        SortedSet<Long> waiting = orders.newOrders();
        if (!waiting.isEmpty() && waiting.last() - waiting.first() + 1 != waiting.size()) {
            violated(TpccCondition.NEW_ORDERS_CONTIGUOUS, "max(NO_O_ID) - min(NO_O_ID) + 1 = "
                    + (waiting.last() - waiting.first() + 1) + " but the district has " + waiting.size()
                    + " NEW-ORDER rows");
        }
    }

    /** 4: sum(O_OL_CNT) = count(ORDER-LINE). */
    private void lineCounts() {
        findings.checked(TpccCondition.LINE_COUNTS_SUM, 1);
        long sum = 0;
        for (Row order : orders.orders().values()) {
            Long count = RowNumbers.of(order, Order.OL_CNT);
            sum += count == null ? 0 : count;
        }
        if (sum != orders.lineCount()) {
            violated(TpccCondition.LINE_COUNTS_SUM,
                    "sum(O_OL_CNT) = " + sum + " but the district has " + orders.lineCount() + " order lines");
        }
    }

    /** 5 and 6, per order: a carrier exactly when no NEW-ORDER row; O_OL_CNT lines. */
    private void carriers() {
        findings.checked(TpccCondition.CARRIER_EXACTLY_WHEN_DELIVERED, orders.orders().size());
        findings.checked(TpccCondition.ORDER_LINE_COUNT, orders.orders().size());
        for (Map.Entry<Long, Row> e : orders.orders().entrySet()) {
            long oId = e.getKey();
            Row order = e.getValue();
            boolean waiting = orders.newOrders().contains(oId);
            if (DistrictOrders.carried(order) == waiting) {
                violated(TpccCondition.CARRIER_EXACTLY_WHEN_DELIVERED, "order " + oId
                        + (waiting ? " has O_CARRIER_ID " + order.getOrNull(Order.CARRIER_ID) + " and a NEW-ORDER row"
                                : " has neither O_CARRIER_ID nor a NEW-ORDER row"));
            }
            Long count = RowNumbers.of(order, Order.OL_CNT);
            int lines = orders.linesOf(oId).size();
            if (count == null || count != lines) {
                violated(TpccCondition.ORDER_LINE_COUNT,
                        "order " + oId + " has O_OL_CNT = " + RowNumbers.show(count) + " but " + lines + " lines");
            }
        }
        for (long oId : orders.newOrders()) {
            if (!orders.orders().containsKey(oId)) {
                findings.checked(TpccCondition.CARRIER_EXACTLY_WHEN_DELIVERED, 1);
                violated(TpccCondition.CARRIER_EXACTLY_WHEN_DELIVERED, "NEW-ORDER row " + oId + " has no order");
            }
        }
    }

    /** 7, per line: a delivery date exactly when its order has a carrier. */
    private void lines() {
        findings.checked(TpccCondition.DELIVERY_DATE_EXACTLY_WITH_CARRIER, orders.lineCount());
        for (Map.Entry<Long, List<DistrictOrders.Line>> e : orders.lines().entrySet()) {
            Row order = orders.orders().get(e.getKey());
            for (DistrictOrders.Line line : e.getValue()) {
                String which = "line " + line.number() + " of order " + e.getKey();
                if (order == null) {
                    violated(TpccCondition.DELIVERY_DATE_EXACTLY_WITH_CARRIER, which + " belongs to no order");
                } else if (DistrictOrders.delivered(line.row()) != DistrictOrders.carried(order)) {
                    violated(TpccCondition.DELIVERY_DATE_EXACTLY_WITH_CARRIER, which
                            + (DistrictOrders.carried(order) ? " has no OL_DELIVERY_D but the order has O_CARRIER_ID"
                                    : " has OL_DELIVERY_D but the order has no O_CARRIER_ID"));
                }
            }
        }
    }

    /** 11: count(ORDER) - count(NEW-ORDER) is what the load delivered. */
    private void undelivered(int deliveredAtLoad) {
        findings.checked(TpccCondition.UNDELIVERED_AT_LOAD, 1);
        long delivered = orders.orders().size() - orders.newOrders().size();
        if (delivered != deliveredAtLoad) {
            violated(TpccCondition.UNDELIVERED_AT_LOAD, "count(ORDER) - count(NEW-ORDER) = " + orders.orders().size()
                    + " - " + orders.newOrders().size() + " = " + delivered + ", not " + deliveredAtLoad);
        }
    }

    private void violated(TpccCondition condition, String what) {
        findings.violated(condition, id + ": " + what);
    }
}
