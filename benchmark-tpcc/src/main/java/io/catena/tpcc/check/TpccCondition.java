package io.catena.tpcc.check;

/**
 * The consistency conditions of TPC-C clause 3.3.2, numbered as there, and a 13th of ours that
 * checks the copies this layout keeps (see {@code benchmark-tpcc/README.md}).
 */
public enum TpccCondition {
    WAREHOUSE_YTD_IS_SUM_OF_DISTRICTS(1, "W_YTD = sum(D_YTD)"),
    NEXT_ORDER_ID_FOLLOWS_ORDERS(2, "D_NEXT_O_ID - 1 = max(O_ID) = max(NO_O_ID)"),
    NEW_ORDERS_CONTIGUOUS(3, "max(NO_O_ID) - min(NO_O_ID) + 1 = count(NEW-ORDER)"),
    LINE_COUNTS_SUM(4, "sum(O_OL_CNT) = count(ORDER-LINE)"),
    CARRIER_EXACTLY_WHEN_DELIVERED(5, "O_CARRIER_ID absent exactly when a NEW-ORDER row exists"),
    ORDER_LINE_COUNT(6, "O_OL_CNT = the order's lines"),
    DELIVERY_DATE_EXACTLY_WITH_CARRIER(7, "OL_DELIVERY_D absent exactly when O_CARRIER_ID is"),
    WAREHOUSE_YTD_IS_SUM_OF_HISTORY(8, "W_YTD = sum(H_AMOUNT)"),
    DISTRICT_YTD_IS_SUM_OF_HISTORY(9, "D_YTD = sum(H_AMOUNT)"),
    BALANCE_IS_DELIVERED_MINUS_PAID(10, "C_BALANCE = sum(delivered OL_AMOUNT) - sum(H_AMOUNT)"),
    UNDELIVERED_AT_LOAD(11, "count(ORDER) - count(NEW-ORDER) = orders delivered at load"),
    BALANCE_PLUS_PAYMENTS_IS_DELIVERED(12, "C_BALANCE + C_YTD_PAYMENT = sum(delivered OL_AMOUNT)"),
    COPIES_MATCH(13, "last-order rows and customer copies match their sources");

    private final int number;
    private final String title;

    TpccCondition(int number, String title) {
        this.number = number;
        this.title = title;
    }

    /** The number in clause 3.3.2 (13 for ours). */
    public int number() {
        return number;
    }

    /** A short statement of the condition. */
    public String title() {
        return title;
    }

    /** The condition numbered {@code number}. */
    public static TpccCondition byNumber(int number) {
        for (TpccCondition c : values()) {
            if (c.number == number) {
                return c;
            }
        }
        throw new IllegalArgumentException("the conditions are numbered 1-13, not " + number);
    }
}
