package io.catena.server.tpcc;

import io.catena.client.CatenaException;
import io.catena.client.TxnOutcome;
import io.catena.core.txn.TxnSpec;
import io.catena.tpcc.TpccTransaction;

/** Told what became of each transaction a terminal ran. Called from terminal threads at once. */
public interface TpccOutcomes {

    void committed(TpccTransaction type, TxnSpec.ProcedureCall call, TxnOutcome outcome, long latencyMicros);

    /** The procedure aborted itself (NewOrder's rollback on an unused item): a correct outcome. */
    void aborted(TpccTransaction type, TxnSpec.ProcedureCall call, String reason);

    /** Anything else: the call was refused, timed out or its outcome is unknown. */
    void failed(TpccTransaction type, TxnSpec.ProcedureCall call, CatenaException error);
}
