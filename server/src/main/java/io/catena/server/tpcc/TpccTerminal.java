package io.catena.server.tpcc;

import io.catena.client.CatenaException;
import io.catena.client.Connection;
import io.catena.client.PreparedCall;
import io.catena.client.TransactionAbortedException;
import io.catena.client.TxnOutcome;
import io.catena.core.txn.TxnSpec;
import io.catena.tpcc.TpccInputs;
import io.catena.tpcc.TpccMix;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccTransaction;
import java.util.function.BooleanSupplier;

/**
 * One TPC-C terminal: a closed loop on its own thread that draws the next transaction from the
 * mix, runs it through a connection and reports the outcome, until told to stop. Think and keying
 * times are off (the paper's stress setting).
 */
public final class TpccTerminal implements Runnable {

    private final Connection connection;
    private final TpccMix mix;
    private final TpccInputs inputs;
    private final TpccRandom random;
    private final TpccOutcomes outcomes;
    private final BooleanSupplier stop;

    public TpccTerminal(Connection connection, TpccMix mix, TpccInputs inputs, TpccRandom random,
                        TpccOutcomes outcomes, BooleanSupplier stop) {
        this.connection = connection;
        this.mix = mix;
        this.inputs = inputs;
        this.random = random;
        this.outcomes = outcomes;
        this.stop = stop;
    }

    @Override
    public void run() {
        while (!stop.getAsBoolean()) {
            TpccTransaction type = mix.next(random);
            long nowMillis = System.currentTimeMillis();
            TxnSpec.ProcedureCall call = switch (type) {
                case NEW_ORDER -> inputs.newOrder(nowMillis);
                case PAYMENT -> inputs.payment(nowMillis);
                case DELIVERY -> inputs.delivery(nowMillis);
                case ORDER_STATUS, STOCK_LEVEL -> throw new UnsupportedOperationException(
                        type.label() + " is read-only and not runnable yet: use a mix of new-order, payment and delivery");
            };
            long startNanos = System.nanoTime();
            try {
                TxnOutcome outcome = execute(connection, call);
                outcomes.committed(type, call, outcome, (System.nanoTime() - startNanos) / 1_000);
            } catch (TransactionAbortedException e) {
                outcomes.aborted(type, call, e.reason());
            } catch (CatenaException e) {
                outcomes.failed(type, call, e);
            }
        }
    }

    /** Runs {@code call} through {@code connection} and waits for its outcome. */
    static TxnOutcome execute(Connection connection, TxnSpec.ProcedureCall call) {
        PreparedCall prepared = connection.prepare(call.name(), call.version());
        call.args().forEach(prepared::set);
        return prepared.execute();
    }
}
