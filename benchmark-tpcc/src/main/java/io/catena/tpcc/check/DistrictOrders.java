package io.catena.tpcc.check;

import io.catena.core.data.Row;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A district partition's rows sorted by kind: the district row, orders, NEW-ORDER ids, lines by
 * order, last-order rows and customer copies, each by the number in its clustering key. A key
 * whose number cannot be read is reported under condition 13 and left out.
 */
final class DistrictOrders {

    /** Line {@code number} of an order. */
    record Line(int number, Row row) {
    }

    private final DistrictId id;
    private final Row district;
    private final TreeMap<Long, Row> orders = new TreeMap<>();
    private final TreeSet<Long> newOrders = new TreeSet<>();
    private final TreeMap<Long, List<Line>> lines = new TreeMap<>();
    private final TreeMap<Long, Row> lastOrders = new TreeMap<>();
    private final TreeMap<Long, Row> customerCopies = new TreeMap<>();
    private long lineCount;

    private DistrictOrders(DistrictId id, Row district) {
        this.id = id;
        this.district = district;
    }

    static DistrictOrders of(DistrictId id, SortedMap<String, Row> partition, Findings findings) {
        DistrictOrders o = new DistrictOrders(id, partition.get(TpccSchema.DISTRICT_ROW));
        o.collect(partition, TpccSchema.ORDER_PREFIX, o.orders, findings);
        o.collect(partition, TpccSchema.LAST_ORDER_PREFIX, o.lastOrders, findings);
        o.collect(partition, TpccSchema.CUSTOMER_COPY_PREFIX, o.customerCopies, findings);
        TreeMap<Long, Row> waiting = new TreeMap<>();
        o.collect(partition, TpccSchema.NEW_ORDER_PREFIX, waiting, findings);
        o.newOrders.addAll(waiting.keySet());
        String prefix = TpccSchema.LINE_PREFIX;
        for (Map.Entry<String, Row> e : partition.subMap(prefix, TpccSchema.prefixEnd(prefix)).entrySet()) {
            o.addLine(e.getKey(), e.getValue(), findings);
        }
        return o;
    }

    private void collect(SortedMap<String, Row> partition, String prefix, TreeMap<Long, Row> into, Findings findings) {
        for (Map.Entry<String, Row> e : partition.subMap(prefix, TpccSchema.prefixEnd(prefix)).entrySet()) {
            Long n = RowNumbers.afterPrefix(e.getKey(), prefix);
            if (n == null) {
                unreadable(e.getKey(), findings);
            } else {
                into.put(n, e.getValue());
            }
        }
    }

    private void addLine(String key, Row row, Findings findings) {
        // line/OOOOOOOO/NN: the order's number, then the line's.
        int slash = key.indexOf('/', TpccSchema.LINE_PREFIX.length());
        Long order = RowNumbers.afterPrefix(key, TpccSchema.LINE_PREFIX);
        Long number = slash < 0 ? null : RowNumbers.afterPrefix(key, key.substring(0, slash + 1));
        if (order == null || number == null) {
            unreadable(key, findings);
            return;
        }
        lines.computeIfAbsent(order, k -> new ArrayList<>()).add(new Line(number.intValue(), row));
        lineCount++;
    }

    private void unreadable(String key, Findings findings) {
        findings.violated(TpccCondition.COPIES_MATCH, id + ": the district holds a row under key '" + key
                + "', whose number cannot be read");
    }

    DistrictId id() {
        return id;
    }

    /** The district row, or null if there is none. */
    Row district() {
        return district;
    }

    /** Orders by O_ID. */
    SortedMap<Long, Row> orders() {
        return orders;
    }

    /** The ids of the NEW-ORDER rows. */
    SortedSet<Long> newOrders() {
        return newOrders;
    }

    /** Lines by order id, each order's in line-number order; may name orders that do not exist. */
    SortedMap<Long, List<Line>> lines() {
        return lines;
    }

    /** The lines of order {@code oId}, in line-number order; empty if it has none. */
    List<Line> linesOf(long oId) {
        return lines.getOrDefault(oId, List.of());
    }

    long lineCount() {
        return lineCount;
    }

    /** Last-order rows by customer id. */
    SortedMap<Long, Row> lastOrders() {
        return lastOrders;
    }

    /** The district's copies of customer columns, by customer id. */
    SortedMap<Long, Row> customerCopies() {
        return customerCopies;
    }

    /** Whether order {@code order} carries a carrier id. */
    static boolean carried(Row order) {
        return order.getOrNull(Order.CARRIER_ID) != null;
    }

    /** Whether a line carries a delivery date. */
    static boolean delivered(Row line) {
        return line.getOrNull(OrderLine.DELIVERY_D) != null;
    }
}
