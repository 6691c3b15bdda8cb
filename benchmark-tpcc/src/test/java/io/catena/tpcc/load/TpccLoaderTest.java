package io.catena.tpcc.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import io.catena.tpcc.TpccSchema.District;
import io.catena.tpcc.TpccSchema.History;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import io.catena.tpcc.TpccSchema.Stock;
import io.catena.tpcc.TpccSchema.Warehouse;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** The initial database: as clause 4.3.3.1 describes it, on the chain keys of TpccSchema, and repeatable. */
class TpccLoaderTest {

    private static final TpccScale SCALE = new TpccScale(2, 3, 30, 200);
    private static final long SEED = 7;
    private static final long LOAD_DATE = 1_700_000_000_000L;
    private static final SortedMap<ChainKey, List<RowWrite>> DB = new TpccLoader(SCALE, SEED, LOAD_DATE).load();

    @Test
    void theSameSeedLoadsEqualRowsAndAnotherSeedOtherRows() {
        assertThat(new TpccLoader(SCALE, SEED, LOAD_DATE).load()).isEqualTo(DB);
        SortedMap<ChainKey, List<RowWrite>> other = new TpccLoader(SCALE, SEED + 1, LOAD_DATE).load();
        assertThat(other.keySet()).isEqualTo(DB.keySet());
        assertThat(other).isNotEqualTo(DB);
        assertThat(other.get(TpccSchema.customers(1, 1))).isNotEqualTo(DB.get(TpccSchema.customers(1, 1)));
    }

    @Test
    void warehousesBuiltAloneInAnyOrderMakeTheWholeLoad() {
        TpccLoader loader = new TpccLoader(SCALE, SEED, LOAD_DATE);
        SortedMap<ChainKey, List<RowWrite>> second = loader.warehouse(2);
        SortedMap<ChainKey, List<RowWrite>> first = loader.warehouse(1);

        assertThat(first).hasSize(loader.partitionsPerWarehouse());
        assertThat(second).hasSize(loader.partitionsPerWarehouse());
        TreeMap<ChainKey, List<RowWrite>> both = new TreeMap<>(first);
        both.putAll(second);
        assertThat(both).isEqualTo(DB);
        assertThatThrownBy(() -> loader.warehouse(3)).hasMessageContaining("warehouse 3 is not one of 1-2");
    }

    @Test
    void partitionCountsFollowTheScale() {
        TpccLoader loader = new TpccLoader(SCALE, SEED, LOAD_DATE);
        assertThat(loader.partitionCount()).isEqualTo(DB.size()).isEqualTo(2L * (2 + 3 * 3 + 200));
        Map<String, Integer> perTable = new HashMap<>();
        DB.keySet().forEach(k -> perTable.merge(k.table(), 1, Integer::sum));
        assertThat(perTable).containsOnly(
                Map.entry(TpccSchema.WAREHOUSE, 2), Map.entry(TpccSchema.WAREHOUSE_YTD, 2),
                Map.entry(TpccSchema.DISTRICT, 6), Map.entry(TpccSchema.DISTRICT_YTD, 6),
                Map.entry(TpccSchema.CUSTOMER, 6), Map.entry(TpccSchema.STOCK, 400));
        assertThat(rows(TpccSchema.customers(2, 3)).subMap(TpccSchema.CUSTOMER_PREFIX,
                TpccSchema.prefixEnd(TpccSchema.CUSTOMER_PREFIX))).hasSize(30);
        assertThat(DB).containsKey(TpccSchema.stock(2, 200)).doesNotContainKey(TpccSchema.stock(2, 201));
    }

    @Test
    void yearToDateAmountsAreTheCustomersOnePaymentEach() {
        Row warehouseYtd = rows(TpccSchema.warehouseYtd(1)).get(TpccSchema.ROW);
        assertThat(warehouseYtd.getLong(Warehouse.YTD, -1)).isEqualTo(3 * 30 * 1_000L);
        assertThat(warehouseYtd.getOrNull(Warehouse.NAME))
                .isEqualTo(rows(TpccSchema.warehouse(1)).get(TpccSchema.ROW).getOrNull(Warehouse.NAME));
        SortedMap<String, Row> ytd = rows(TpccSchema.districtYtd(1, 2));
        assertThat(ytd.get(TpccSchema.DISTRICT_YTD_ROW).getLong(District.YTD, -1)).isEqualTo(30 * 1_000L);
        assertThat(ytd.get(TpccSchema.DISTRICT_YTD_ROW).getLong(District.NEXT_H_ID, -1)).isEqualTo(31);
        assertThat(rows(TpccSchema.district(1, 2)).get(TpccSchema.DISTRICT_ROW).getLong(District.NEXT_O_ID, -1))
                .isEqualTo(31);
        SortedMap<String, Row> history = prefixed(ytd, TpccSchema.HISTORY_PREFIX);
        assertThat(history).hasSize(30);
        Row fifth = history.get(TpccSchema.history(5));
        assertThat(fifth.getLong(History.C_ID, -1)).isEqualTo(5);
        assertThat(fifth.getLong(History.C_D_ID, -1)).isEqualTo(2);
        assertThat(fifth.getLong(History.C_W_ID, -1)).isEqualTo(1);
        assertThat(fifth.getLong(History.AMOUNT, -1)).isEqualTo(1_000);
        assertThat(fifth.getLong(History.DATE, -1)).isEqualTo(LOAD_DATE);
    }

    @Test
    void customersAreLoadedAsSpecifiedAndCopiedIntoTheirDistrict() {
        SortedMap<String, Row> customers = rows(TpccSchema.customers(2, 1));
        SortedMap<String, Row> district = rows(TpccSchema.district(2, 1));
        for (int c = 1; c <= 30; c++) {
            Row row = customers.get(TpccSchema.customer(c));
            assertThat(row.getOrNull(Customer.LAST)).isEqualTo(Datum.of(TpccRandom.lastName(c - 1)));
            assertThat(row.getOrNull(Customer.CREDIT)).isIn(Datum.of("GC"), Datum.of("BC"));
            assertThat(row.getLong(Customer.DISCOUNT, -1)).isBetween(0L, 5_000L);
            assertThat(row.getLong(Customer.BALANCE, 0)).isEqualTo(-1_000);
            assertThat(row.getLong(Customer.YTD_PAYMENT, 0)).isEqualTo(1_000);
            assertThat(row.getLong(Customer.CREDIT_LIM, 0)).isEqualTo(5_000_000);
            assertThat(row.getLong(Customer.PAYMENT_CNT, 0)).isEqualTo(1);
            assertThat(row.getLong(Customer.DELIVERY_CNT, -1)).isZero();
            assertThat(((Datum.Text) row.getOrNull(Customer.DATA)).value()).hasSizeBetween(300, 500);
            Row copy = district.get(TpccSchema.customerCopy(c));
            assertThat(copy.columns()).containsOnlyKeys(Customer.DISCOUNT, Customer.LAST, Customer.CREDIT);
            assertThat(copy.columns())
                    .allSatisfy((column, value) -> assertThat(row.getOrNull(column)).isEqualTo(value));
        }
    }

    @Test
    void ordersAreOnePerCustomerAndTheLastThirtyPercentWait() {
        SortedMap<String, Row> district = rows(TpccSchema.district(1, 3));
        SortedMap<String, Row> orders = prefixed(district, TpccSchema.ORDER_PREFIX);
        assertThat(orders).hasSize(30);
        TreeSet<Long> customers = new TreeSet<>();
        long lineTotal = 0;
        for (int o = 1; o <= 30; o++) {
            Row order = orders.get(TpccSchema.order(o));
            customers.add(order.getLong(Order.C_ID, -1));
            boolean delivered = o <= SCALE.deliveredOrdersPerDistrict();
            assertThat(order.getLong(Order.CARRIER_ID, 0)).isBetween(delivered ? 1L : 0L, delivered ? 10L : 0L);
            assertThat(district.containsKey(TpccSchema.newOrder(o))).isEqualTo(!delivered);
            long count = order.getLong(Order.OL_CNT, -1);
            assertThat(count).isBetween(5L, 15L);
            SortedMap<String, Row> lines = prefixed(district, TpccSchema.linesOf(o));
            assertThat(lines).hasSize((int) count);
            lineTotal += count;
            for (Row line : lines.values()) {
                assertThat(line.getLong(OrderLine.DELIVERY_D, 0)).isEqualTo(delivered ? LOAD_DATE : 0);
                assertThat(line.getLong(OrderLine.AMOUNT, -1))
                        .isBetween(delivered ? 0L : 1L, delivered ? 0L : 999_999L);
                assertThat(line.getLong(OrderLine.I_ID, -1)).isBetween(1L, 200L);
                assertThat(line.getLong(OrderLine.SUPPLY_W_ID, -1)).isEqualTo(1);
                assertThat(line.getLong(OrderLine.QUANTITY, -1)).isEqualTo(5);
            }
        }
        assertThat(customers).hasSize(30).first().isEqualTo(1L);
        assertThat(customers.last()).isEqualTo(30L);
        assertThat(prefixed(district, TpccSchema.NEW_ORDER_PREFIX)).hasSize(9);
        assertThat(prefixed(district, TpccSchema.LINE_PREFIX)).hasSize((int) lineTotal);
    }

    @Test
    void stockRowsCarryTheSameItemInEveryWarehouse() {
        for (int item : new int[] {1, 77, 200}) {
            Row first = rows(TpccSchema.stock(1, item)).get(TpccSchema.ROW);
            Row second = rows(TpccSchema.stock(2, item)).get(TpccSchema.ROW);
            for (String column : List.of(Stock.I_IM_ID, Stock.I_NAME, Stock.I_PRICE, Stock.I_DATA)) {
                assertThat(first.getOrNull(column)).isNotNull().isSameAs(second.getOrNull(column));
            }
            assertThat(first.getLong(Stock.I_PRICE, -1)).isBetween(100L, 10_000L);
            assertThat(first.getLong(Stock.QUANTITY, -1)).isBetween(10L, 100L);
            assertThat(first.getLong(Stock.YTD, -1)).isZero();
            assertThat(((Datum.Text) first.getOrNull(Stock.dist(3))).value()).hasSize(24);
            assertThat(first.getOrNull(Stock.dist(4))).as("only the scale's 3 districts").isNull();
            assertThat(first.getOrNull(Stock.dist(1))).isNotEqualTo(second.getOrNull(Stock.dist(1)));
        }
    }

    static SortedMap<String, Row> rowsOf(List<RowWrite> writes) {
        TreeMap<String, Row> rows = new TreeMap<>();
        for (RowWrite w : writes) {
            assertThat(rows.put(w.clustering(), w.row())).as("one write per clustering key").isNull();
        }
        return rows;
    }

    static SortedMap<String, Row> prefixed(SortedMap<String, Row> rows, String prefix) {
        return rows.subMap(prefix, TpccSchema.prefixEnd(prefix));
    }

    private static SortedMap<String, Row> rows(ChainKey key) {
        return rowsOf(DB.get(key));
    }
}
