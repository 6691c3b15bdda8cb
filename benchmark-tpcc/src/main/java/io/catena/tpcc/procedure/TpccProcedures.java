package io.catena.tpcc.procedure;

import io.catena.core.procedure.ProcedureRegistry;

/** The TPC-C procedures every region registers: NewOrder, Payment and Delivery. */
public final class TpccProcedures {

    private TpccProcedures() {
    }

    public static ProcedureRegistry registry() {
        return ProcedureRegistry.of(new NewOrder(), new Payment(), new Delivery());
    }
}
