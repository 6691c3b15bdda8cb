package io.catena.lab.demo;

import io.catena.client.Connection;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.harness.workload.Workload;
import java.util.List;
import java.util.Map;

/**
 * What the regions must hold when a run begins: the rows and procedures a run loads into the
 * regions it starts, and a check that regions running elsewhere, loaded by their operators,
 * hold them.
 */
public interface RunDatabase {

    /** The initial rows; computed when asked, since regions elsewhere never need them. */
    Map<ChainKey, List<RowWrite>> rows();

    /** The procedures every region registers. */
    ProcedureRegistry procedures();

    /**
     * Fails, saying how to load it, unless the region behind {@code connection} holds this
     * database; by default nothing is checked.
     */
    default void verify(Connection connection, String region) {
    }

    /** A workload's initial data, with no procedures and nothing checked. */
    static RunDatabase of(Workload workload) {
        return new RunDatabase() {
            @Override
            public Map<ChainKey, List<RowWrite>> rows() {
                return workload.initialData();
            }

            @Override
            public ProcedureRegistry procedures() {
                return ProcedureRegistry.empty();
            }
        };
    }
}
