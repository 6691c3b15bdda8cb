package io.catena.tpcc.check;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.tpcc.TpccSchema.LastOrder;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import java.util.List;
import java.util.Objects;

/** Whether a customer's last-order row shows its newest order and that order's lines. */
final class LastOrderMatch {

    /** Each list of the last-order row, and the line column it lists. */
    private static final List<String[]> LISTS = List.of(
            new String[] {LastOrder.ITEM_IDS, OrderLine.I_ID},
            new String[] {LastOrder.SUPPLY_W_IDS, OrderLine.SUPPLY_W_ID},
            new String[] {LastOrder.QUANTITIES, OrderLine.QUANTITY},
            new String[] {LastOrder.AMOUNTS, OrderLine.AMOUNT});

    private LastOrderMatch() {
    }

    /** The first difference between the last-order row and order {@code oId}, in a phrase, or null. */
    static String problem(Row last, long oId, Row order, List<DistrictOrders.Line> lines) {
        Long shown = RowNumbers.of(last, Order.ID);
        if (shown == null || shown != oId) {
            return "the last-order row shows order " + RowNumbers.show(shown) + " but the newest order is " + oId;
        }
        for (String column : List.of(Order.ENTRY_D, Order.CARRIER_ID)) {
            if (!Objects.equals(last.getOrNull(column), order.getOrNull(column))) {
                return "the last-order row has " + column + " = " + RowNumbers.show(last.getOrNull(column))
                        + " but order " + oId + " has " + RowNumbers.show(order.getOrNull(column));
            }
        }
        Datum deliveredAt = last.getOrNull(OrderLine.DELIVERY_D);
        for (DistrictOrders.Line line : lines) {
            if (!Objects.equals(deliveredAt, line.row().getOrNull(OrderLine.DELIVERY_D))) {
                return "the last-order row has " + OrderLine.DELIVERY_D + " = " + RowNumbers.show(deliveredAt)
                        + " but line " + line.number() + " of order " + oId + " has "
                        + RowNumbers.show(line.row().getOrNull(OrderLine.DELIVERY_D));
            }
        }
        for (String[] list : LISTS) {
            String problem = listProblem(last, list[0], list[1], oId, lines);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private static String listProblem(Row last, String listColumn, String lineColumn, long oId,
                                      List<DistrictOrders.Line> lines) {
        Datum listed = last.getOrNull(listColumn);
        if (!(listed instanceof Datum.Seq seq)) {
            return "the last-order row has no list " + listColumn;
        }
        if (seq.values().size() != lines.size()) {
            return "the last-order row lists " + seq.values().size() + " " + listColumn + " but order " + oId
                    + " has " + lines.size() + " lines";
        }
        for (int i = 0; i < lines.size(); i++) {
            Datum actual = lines.get(i).row().getOrNull(lineColumn);
            if (!Objects.equals(seq.values().get(i), actual)) {
                return "the last-order row has " + listColumn + "[" + i + "] = " + seq.values().get(i) + " but line "
                        + lines.get(i).number() + " of order " + oId + " has " + lineColumn + " = "
                        + RowNumbers.show(actual);
            }
        }
        return null;
    }
}
