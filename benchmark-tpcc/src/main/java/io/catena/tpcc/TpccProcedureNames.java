package io.catena.tpcc;

/** The names under which every region registers the TPC-C procedures, and their version. */
public final class TpccProcedureNames {

    public static final String NEW_ORDER = "tpcc_new_order";
    public static final String PAYMENT = "tpcc_payment";
    public static final String DELIVERY = "tpcc_delivery";
    public static final int VERSION = 1;

    private TpccProcedureNames() {
    }
}
