package io.catena.tpcc.procedure;

import io.catena.core.procedure.Procedure;
import io.catena.core.procedure.ProcedureLibrary;
import io.catena.core.procedure.ProcedureRegistry;
import java.util.List;

/**
 * The TPC-C procedures: NewOrder, Payment and Delivery. A library on the classpath, so that a
 * region process that carries this module can serve {@code catena tpcc --url}.
 */
public final class TpccProcedures implements ProcedureLibrary {

    @Override
    public List<Procedure> procedures() {
        return List.of(new NewOrder(), new Payment(), new Delivery());
    }

    public static ProcedureRegistry registry() {
        return ProcedureRegistry.of(new TpccProcedures().procedures().toArray(Procedure[]::new));
    }
}
