package io.catena.tpcc;

import io.catena.core.data.ChainKey;
import java.util.List;

/**
 * Where TPC-C's rows live: every table of the specification mapped onto chain keys (the unit of
 * dependency tracking) and clustering keys within them. {@code benchmark-tpcc/README.md} explains
 * the choice; in short, a transaction's hops are few, and two transactions share a chain key only
 * where the specification makes them conflict.
 *
 * <ul>
 *   <li>{@code tpcc_warehouse/W}: the warehouse row, never written after the load (NewOrder reads
 *       its tax without conflicting with Payment).</li>
 *   <li>{@code tpcc_warehouse_ytd/W}: W_YTD alone, the hot column every Payment of the warehouse
 *       adds to.</li>
 *   <li>{@code tpcc_district/W-D}: the district row (D_NEXT_O_ID, D_TAX), the district's orders,
 *       new-orders and order lines, each customer's newest order as OrderStatus shows it, and a
 *       read-only copy of each customer's C_DISCOUNT, C_LAST and C_CREDIT (NewOrder, Delivery,
 *       OrderStatus, StockLevel).</li>
 *   <li>{@code tpcc_district_ytd/W-D}: D_YTD and the payments made in the district (HISTORY).</li>
 *   <li>{@code tpcc_customer/W-D}: the district's customers and their last-name index, one row
 *       per last name (Payment, Delivery, OrderStatus).</li>
 *   <li>{@code tpcc_stock/W-I}: one stock row per warehouse and item, carrying a copy of the item
 *       (ITEM never changes), so NewOrder reads and updates one chain key per line.</li>
 * </ul>
 *
 * <p>Numbers in clustering keys are zero-padded so that key order is numeric order: scans of
 * orders, lines and new-orders run in id order on every store. Money is in cents, rates (tax,
 * discount) in ten-thousandths, dates in milliseconds since the epoch.
 */
public final class TpccSchema {

    public static final String WAREHOUSE = "tpcc_warehouse";
    public static final String WAREHOUSE_YTD = "tpcc_warehouse_ytd";
    public static final String DISTRICT = "tpcc_district";
    public static final String DISTRICT_YTD = "tpcc_district_ytd";
    public static final String CUSTOMER = "tpcc_customer";
    public static final String STOCK = "tpcc_stock";

    /** Every table TPC-C writes, in a fixed order. */
    public static final List<String> TABLES = List.of(WAREHOUSE, WAREHOUSE_YTD, DISTRICT, DISTRICT_YTD, CUSTOMER, STOCK);

    /** Rates (tax, discount) are stored as integers of this many parts per unit. */
    public static final long RATE_SCALE = 10_000;

    private TpccSchema() {
    }

    // ---- chain keys ----

    public static ChainKey warehouse(int w) {
        return ChainKey.of(WAREHOUSE, Integer.toString(w));
    }

    public static ChainKey warehouseYtd(int w) {
        return ChainKey.of(WAREHOUSE_YTD, Integer.toString(w));
    }

    public static ChainKey district(int w, int d) {
        return ChainKey.of(DISTRICT, w + "-" + d);
    }

    public static ChainKey districtYtd(int w, int d) {
        return ChainKey.of(DISTRICT_YTD, w + "-" + d);
    }

    public static ChainKey customers(int w, int d) {
        return ChainKey.of(CUSTOMER, w + "-" + d);
    }

    public static ChainKey stock(int w, int item) {
        return ChainKey.of(STOCK, w + "-" + item);
    }

    // ---- clustering keys ----

    /** The one row of a warehouse, warehouse-YTD or stock chain key. */
    public static final String ROW = "row";
    /** The district row inside {@link #district}. */
    public static final String DISTRICT_ROW = "district";
    /** The D_YTD row inside {@link #districtYtd}. */
    public static final String DISTRICT_YTD_ROW = "ytd";

    public static final String ORDER_PREFIX = "order/";
    public static final String NEW_ORDER_PREFIX = "new_order/";
    public static final String LINE_PREFIX = "line/";
    public static final String LAST_ORDER_PREFIX = "last_order/";
    public static final String CUSTOMER_COPY_PREFIX = "cust/";
    public static final String HISTORY_PREFIX = "history/";
    public static final String CUSTOMER_PREFIX = "c/";
    public static final String LAST_NAME_PREFIX = "last/";

    public static String order(long oId) {
        return ORDER_PREFIX + pad8(oId);
    }

    public static String newOrder(long oId) {
        return NEW_ORDER_PREFIX + pad8(oId);
    }

    /** Every line of order {@code oId} starts with this. */
    public static String linesOf(long oId) {
        return LINE_PREFIX + pad8(oId) + "/";
    }

    public static String line(long oId, int number) {
        return linesOf(oId) + pad2(number);
    }

    /**
     * Customer {@code cId}'s newest order with its lines, kept by NewOrder and Delivery in the
     * same hop that writes the order ({@link LastOrder}): OrderStatus then reads one row of a
     * known key instead of searching the district's orders.
     */
    public static String lastOrder(int cId) {
        return LAST_ORDER_PREFIX + pad4(cId);
    }

    /** The district's read-only copy of customer {@code cId}'s discount, last name and credit. */
    public static String customerCopy(int cId) {
        return CUSTOMER_COPY_PREFIX + pad4(cId);
    }

    public static String history(long sequence) {
        return HISTORY_PREFIX + pad8(sequence);
    }

    public static String customer(int cId) {
        return CUSTOMER_PREFIX + pad4(cId);
    }

    /**
     * The index row of the customers named {@code last}: their ids in {@link Customer#IDS_BY_FIRST},
     * sorted by first name (then id), as Payment and OrderStatus pick "the one in the middle".
     * Written at load only: TPC-C adds no customers.
     */
    public static String lastName(String last) {
        return LAST_NAME_PREFIX + last;
    }

    /** The exclusive upper bound of a scan of every key starting with {@code prefix}. */
    public static String prefixEnd(String prefix) {
        char last = prefix.charAt(prefix.length() - 1);
        return prefix.substring(0, prefix.length() - 1) + (char) (last + 1);
    }

    private static String pad8(long n) {
        return String.format("%08d", n);
    }

    private static String pad4(int n) {
        return String.format("%04d", n);
    }

    private static String pad2(int n) {
        return String.format("%02d", n);
    }

    // ---- columns, by table ----

    /** Columns of the warehouse row, and of the warehouse-YTD row ({@link #YTD}). */
    public static final class Warehouse {
        public static final String NAME = "w_name";
        public static final String STREET_1 = "w_street_1";
        public static final String STREET_2 = "w_street_2";
        public static final String CITY = "w_city";
        public static final String STATE = "w_state";
        public static final String ZIP = "w_zip";
        public static final String TAX = "w_tax";
        public static final String YTD = "w_ytd";

        private Warehouse() {
        }
    }

    /** Columns of the district row, and of the district-YTD row ({@link #YTD}, {@link #NEXT_H_ID}). */
    public static final class District {
        public static final String NAME = "d_name";
        public static final String STREET_1 = "d_street_1";
        public static final String STREET_2 = "d_street_2";
        public static final String CITY = "d_city";
        public static final String STATE = "d_state";
        public static final String ZIP = "d_zip";
        public static final String TAX = "d_tax";
        public static final String NEXT_O_ID = "d_next_o_id";
        public static final String YTD = "d_ytd";
        /** The sequence number the district's next HISTORY row gets (HISTORY has no key of its own). */
        public static final String NEXT_H_ID = "d_next_h_id";

        private District() {
        }
    }

    /**
     * Columns of a customer row; the district's copy holds DISCOUNT, LAST and CREDIT only; a
     * last-name index row holds {@link #IDS_BY_FIRST} only.
     */
    public static final class Customer {
        public static final String ID = "c_id";
        /** The ids of the customers of one last name, in order of first name. */
        public static final String IDS_BY_FIRST = "c_ids";
        public static final String FIRST = "c_first";
        public static final String MIDDLE = "c_middle";
        public static final String LAST = "c_last";
        public static final String STREET_1 = "c_street_1";
        public static final String STREET_2 = "c_street_2";
        public static final String CITY = "c_city";
        public static final String STATE = "c_state";
        public static final String ZIP = "c_zip";
        public static final String PHONE = "c_phone";
        public static final String SINCE = "c_since";
        public static final String CREDIT = "c_credit";
        public static final String CREDIT_LIM = "c_credit_lim";
        public static final String DISCOUNT = "c_discount";
        public static final String BALANCE = "c_balance";
        public static final String YTD_PAYMENT = "c_ytd_payment";
        public static final String PAYMENT_CNT = "c_payment_cnt";
        public static final String DELIVERY_CNT = "c_delivery_cnt";
        public static final String DATA = "c_data";

        private Customer() {
        }
    }

    /** Columns of a HISTORY row (kept in the district-YTD chain key of the district paid in). */
    public static final class History {
        public static final String C_ID = "h_c_id";
        public static final String C_D_ID = "h_c_d_id";
        public static final String C_W_ID = "h_c_w_id";
        public static final String DATE = "h_date";
        public static final String AMOUNT = "h_amount";
        public static final String DATA = "h_data";

        private History() {
        }
    }

    /** Columns of an ORDER row; a NEW-ORDER row holds {@link #ID} only. */
    public static final class Order {
        public static final String ID = "o_id";
        public static final String C_ID = "o_c_id";
        public static final String ENTRY_D = "o_entry_d";
        /** Absent while the order is undelivered (the specification's null). */
        public static final String CARRIER_ID = "o_carrier_id";
        public static final String OL_CNT = "o_ol_cnt";
        public static final String ALL_LOCAL = "o_all_local";

        private Order() {
        }
    }

    /**
     * Columns of a customer's last-order row: the order's {@link Order#ID}, {@link Order#ENTRY_D},
     * {@link Order#CARRIER_ID} and {@link OrderLine#DELIVERY_D} (both absent until delivered), and
     * its lines as parallel lists, in line-number order.
     */
    public static final class LastOrder {
        public static final String ITEM_IDS = "ol_i_ids";
        public static final String SUPPLY_W_IDS = "ol_supply_w_ids";
        public static final String QUANTITIES = "ol_quantities";
        public static final String AMOUNTS = "ol_amounts";

        private LastOrder() {
        }
    }

    /** Columns of an ORDER-LINE row. */
    public static final class OrderLine {
        public static final String I_ID = "ol_i_id";
        public static final String SUPPLY_W_ID = "ol_supply_w_id";
        /** Absent while the order is undelivered (the specification's null). */
        public static final String DELIVERY_D = "ol_delivery_d";
        public static final String QUANTITY = "ol_quantity";
        public static final String AMOUNT = "ol_amount";
        public static final String DIST_INFO = "ol_dist_info";

        private OrderLine() {
        }
    }

    /** Columns of a stock row, with its item's ({@code i_...}) copied in. */
    public static final class Stock {
        public static final String QUANTITY = "s_quantity";
        /** S_DIST_01 .. S_DIST_10: {@code DIST_PREFIX + two digits}. */
        public static final String DIST_PREFIX = "s_dist_";
        public static final String YTD = "s_ytd";
        public static final String ORDER_CNT = "s_order_cnt";
        public static final String REMOTE_CNT = "s_remote_cnt";
        public static final String DATA = "s_data";
        public static final String I_IM_ID = "i_im_id";
        public static final String I_NAME = "i_name";
        public static final String I_PRICE = "i_price";
        public static final String I_DATA = "i_data";

        private Stock() {
        }

        /** The column of S_DIST_xx for district {@code d} (1-10). */
        public static String dist(int d) {
            return DIST_PREFIX + (d < 10 ? "0" + d : Integer.toString(d));
        }
    }
}
