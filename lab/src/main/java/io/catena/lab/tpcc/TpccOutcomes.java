package io.catena.lab.tpcc;

import io.catena.tpcc.TpccTransaction;

/** Told what became of each transaction a terminal ran. Called from terminal threads at once. */
public interface TpccOutcomes {

    void committed(TpccTransaction type, long latencyMicros);

    /** The procedure aborted itself (NewOrder's rollback on an unused item): a correct outcome. */
    void rolledBack(TpccTransaction type, long latencyMicros);

    /**
     * The protocol aborted it for a conflict with another transaction (a baseline's lost
     * validation or lock timeout): no effect, counted as an abort, as the paper counts them.
     */
    void conflictAborted(TpccTransaction type, long latencyMicros);

    /** Anything else: refused, timed out, outcome unknown, or a read that found what cannot be. */
    void failed(TpccTransaction type, String reason);
}
