package io.catena.tpcc.readonly;

import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.District;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import io.catena.tpcc.TpccSchema.Stock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * TPC-C's StockLevel (clause 2.8.2) as local read-only reads: the district's next order id, the
 * last 20 orders' line counts, their lines' items, then those items' stock. Each step is one
 * snapshot, each at least as new as the one before; the specification asks no more of StockLevel
 * than committed reads (clause 3.4.1, isolation level 1), and orders and lines never change
 * items once written.
 *
 * @param threshold the stock level below which an item counts, 10-20
 */
public record StockLevel(int w, int d, int threshold) {

    /** How many of the district's newest orders are examined. */
    public static final int RECENT_ORDERS = 20;

    /** The number of distinct items of the recent orders whose stock is below the threshold. */
    public int run(SnapshotReader reader) {
        String district = TpccSchema.district(w, d).partition();
        RowKey districtKey = RowKey.of(TpccSchema.DISTRICT, district, TpccSchema.DISTRICT_ROW);
        Row districtRow = reader.read(List.of(districtKey)).get(districtKey);
        if (districtRow == null) {
            throw new IllegalStateException("district " + w + "-" + d + " does not exist");
        }
        long next = districtRow.getLong(District.NEXT_O_ID, 1);
        List<RowKey> orders = new ArrayList<>();
        for (long o = Math.max(1, next - RECENT_ORDERS); o < next; o++) {
            orders.add(RowKey.of(TpccSchema.DISTRICT, district, TpccSchema.order(o)));
        }
        List<RowKey> lines = new ArrayList<>();
        for (Map.Entry<RowKey, Row> order : readAll(reader, orders).entrySet()) {
            long orderId = order.getValue().getLong(Order.ID, 0);
            long count = order.getValue().getLong(Order.OL_CNT, 0);
            for (int n = 1; n <= count; n++) {
                lines.add(RowKey.of(TpccSchema.DISTRICT, district, TpccSchema.line(orderId, n)));
            }
        }
        TreeSet<Long> items = new TreeSet<>();
        for (Row line : readAll(reader, lines).values()) {
            items.add(line.getLong(OrderLine.I_ID, 0));
        }
        List<RowKey> stock = new ArrayList<>();
        for (long item : items) {
            stock.add(RowKey.of(TpccSchema.STOCK, TpccSchema.stock(w, (int) item).partition(), TpccSchema.ROW));
        }
        int low = 0;
        for (Row row : readAll(reader, stock).values()) {
            if (row.getLong(Stock.QUANTITY, Long.MAX_VALUE) < threshold) {
                low++;
            }
        }
        return low;
    }

    /** A district with no orders yet has nothing to read, and a read of no rows is no transaction. */
    private static Map<RowKey, Row> readAll(SnapshotReader reader, List<RowKey> keys) {
        return keys.isEmpty() ? Map.of() : reader.read(keys);
    }
}
