package io.catena.tpcc;

/** The five transactions of TPC-C, by the names mixes and reports use. */
public enum TpccTransaction {
    NEW_ORDER("new-order", false),
    PAYMENT("payment", false),
    ORDER_STATUS("order-status", true),
    DELIVERY("delivery", false),
    STOCK_LEVEL("stock-level", true);

    private final String label;
    private final boolean readOnly;

    TpccTransaction(String label, boolean readOnly) {
        this.label = label;
        this.readOnly = readOnly;
    }

    /** The name in mixes and reports, e.g. {@code new-order}. */
    public String label() {
        return label;
    }

    /** Read-only transactions read a local snapshot; the others run as procedures across regions. */
    public boolean readOnly() {
        return readOnly;
    }

    /** The transaction labelled {@code label}, or an exception listing the labels. */
    public static TpccTransaction byLabel(String label) {
        for (TpccTransaction t : values()) {
            if (t.label.equals(label)) {
                return t;
            }
        }
        StringBuilder known = new StringBuilder();
        for (TpccTransaction t : values()) {
            known.append(known.length() == 0 ? "" : ", ").append(t.label);
        }
        throw new IllegalArgumentException("unknown TPC-C transaction '" + label + "': expected one of " + known);
    }
}
