package io.catena.lab.tpcc;

import io.catena.core.txn.TxnResult;
import io.catena.client.CatenaException;
import io.catena.client.Connection;
import io.catena.client.PreparedCall;
import io.catena.client.TransactionAbortedException;
import io.catena.core.txn.TxnSpec;
import io.catena.tpcc.TpccInputs;
import io.catena.tpcc.TpccMix;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccTransaction;
import io.catena.tpcc.procedure.NewOrder;
import io.catena.tpcc.readonly.SnapshotReader;
import java.util.function.BooleanSupplier;

/**
 * One TPC-C terminal: a closed loop on its own thread that draws the next transaction from the
 * mix, runs it through its region's connection and reports the outcome, until told to stop.
 * NewOrder, Payment and Delivery are procedure calls; OrderStatus and StockLevel are local
 * snapshot reads. Think and keying times are off (the paper's stress setting).
 */
final class TpccTerminal implements Runnable {

    private final Connection connection;
    private final SnapshotReader snapshots;
    private final TpccMix mix;
    private final TpccInputs inputs;
    private final TpccRandom random;
    private final TpccOutcomes outcomes;
    private final BooleanSupplier stop;

    TpccTerminal(Connection connection, TpccMix mix, TpccInputs inputs, TpccRandom random, TpccOutcomes outcomes,
                 BooleanSupplier stop) {
        this.connection = connection;
        this.snapshots = new ConnectionSnapshots(connection);
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
            long startNanos = System.nanoTime();
            try {
                runOne(type);
                outcomes.committed(type, (System.nanoTime() - startNanos) / 1_000);
            } catch (TransactionAbortedException e) {
                if (type == TpccTransaction.NEW_ORDER && e.reason().contains(NewOrder.UNUSED_ITEM)) {
                    outcomes.rolledBack(type, (System.nanoTime() - startNanos) / 1_000);
                } else if (TxnResult.isConflict(e.reason())) {
                    outcomes.conflictAborted(type, (System.nanoTime() - startNanos) / 1_000);
                } else {
                    outcomes.failed(type, "aborted: " + e.reason());
                }
            } catch (CatenaException | IllegalStateException e) {
                outcomes.failed(type, e.getMessage());
            }
        }
    }

    private void runOne(TpccTransaction type) {
        long nowMillis = System.currentTimeMillis();
        switch (type) {
            case NEW_ORDER -> execute(inputs.newOrder(nowMillis));
            case PAYMENT -> execute(inputs.payment(nowMillis));
            case DELIVERY -> execute(inputs.delivery(nowMillis));
            case ORDER_STATUS -> inputs.orderStatus().run(snapshots);
            case STOCK_LEVEL -> inputs.stockLevel().run(snapshots);
        }
    }

    private void execute(TxnSpec.ProcedureCall call) {
        PreparedCall prepared = connection.prepare(call.name(), call.version());
        call.args().forEach(prepared::set);
        prepared.execute();
    }
}
