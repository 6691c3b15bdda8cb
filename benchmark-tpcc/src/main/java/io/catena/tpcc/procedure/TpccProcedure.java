package io.catena.tpcc.procedure;

import io.catena.core.procedure.Procedure;
import io.catena.tpcc.TpccProcedureNames;

/** What every TPC-C procedure shares: its registered name, and the version of the whole set. */
abstract class TpccProcedure implements Procedure {

    private final String name;

    TpccProcedure(String name) {
        this.name = name;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final int version() {
        return TpccProcedureNames.VERSION;
    }
}
