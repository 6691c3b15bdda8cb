package io.catena.lab.load;

import io.catena.client.Connection;
import io.catena.client.OutcomeUnknownException;
import io.catena.client.RequestOutcome;
import io.catena.client.ResultRow;
import io.catena.client.Transaction;
import io.catena.client.TransactionAbortedException;
import io.catena.client.TxnOutcome;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.harness.workload.ClientTxn;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Runs a workload's interactive transaction through the client library's {@link Transaction}, as
 * an application would: reads by {@code get}, the writes the workload chooses from what was read,
 * then {@code commit}. The calls block, so they run on threads of their own, one per transaction
 * in flight, never on the driver's or the transport's.
 */
final class InteractiveRun {

    private static final ExecutorService CALLERS = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "interactive-transaction");
        t.setDaemon(true);
        return t;
    });

    private final Connection connection;
    /** Names a history line of a transaction that never got a request id. */
    private final Supplier<String> localNames;

    InteractiveRun(Connection connection, Supplier<String> localNames) {
        this.connection = connection;
        this.localNames = localNames;
    }

    CompletableFuture<GatewayReply> submit(ClientTxn txn) {
        return CompletableFuture.supplyAsync(() -> run(txn), CALLERS);
    }

    /**
     * The reply, with the transaction as it ran for the history; an abort the read found early is
     * answered as the conflict it is. A lost answer is looked up here, where the snapshot and the
     * chosen writes are still known, so that its history line is complete whatever the outcome.
     */
    private GatewayReply run(ClientTxn txn) {
        try (Transaction tx = connection.begin()) {
            List<ReadResult> snapshot = new ArrayList<>();
            for (RowKey key : txn.readOnlyKeys()) {
                snapshot.add(new ReadResult(key, tx.get(key).map(ResultRow::row).orElse(null)));
            }
            ClientTxn ran = txn.commit(snapshot);
            for (Op op : ((TxnSpec.AdHoc) ran.spec()).ops()) {
                write(tx, op);
            }
            TxnOutcome o;
            try {
                o = tx.commit();
            } catch (OutcomeUnknownException lost) {
                return looked(lost, ran, snapshot);
            } catch (TransactionAbortedException aborted) {
                // Without a request id when the library saw the abort coming (an overflowing add) and sent nothing.
                String id = aborted.requestId() == null ? localNames.get() : aborted.requestId().toString();
                return new GatewayReply(id, TxnResult.aborted(aborted.reason()), null, false, ran);
            }
            return committed(o, ran, snapshot);
        }
    }

    private GatewayReply looked(OutcomeUnknownException lost, ClientTxn ran, List<ReadResult> snapshot) {
        RequestOutcome outcome = connection.outcome(lost.requestId());
        if (outcome instanceof RequestOutcome.Committed c) {
            return committed(c.outcome(), ran, snapshot);
        }
        String id = lost.requestId().toString();
        if (outcome instanceof RequestOutcome.Aborted a) {
            return new GatewayReply(id, TxnResult.aborted(a.reason()), null, false, ran);
        }
        return new GatewayReply(id, TxnResult.dropped(((RequestOutcome.NotCommitted) outcome).reason()), null, false,
                ran);
    }

    private GatewayReply committed(TxnOutcome o, ClientTxn ran, List<ReadResult> snapshot) {
        String id = o.requestId() == null ? localNames.get() : o.requestId().toString();
        return new GatewayReply(id, TxnResult.committed(snapshot, Row.EMPTY), o.version(), o.contended(), ran);
    }

    /** A write the workload chose; its checks are the transaction's own conditions, which it adds itself. */
    private static void write(Transaction tx, Op op) {
        if (op instanceof Op.Write w) {
            tx.put(w.key(), w.row());
        } else if (op instanceof Op.Delete d) {
            tx.delete(d.key());
        } else if (op instanceof Op.Update u && u.fn() instanceof UpdateFn.Add a) {
            tx.add(u.key(), a.column(), a.delta());
        } else if (op instanceof Op.Update u && u.fn() instanceof UpdateFn.SetField s) {
            tx.set(u.key(), s.column(), ConnectionGateway.value(s.value()));
        } else if (op instanceof Op.Update u && u.fn() instanceof UpdateFn.Append a) {
            tx.append(u.key(), a.column(), ConnectionGateway.value(a.element()));
        } else if (!(op instanceof Op.Check)) {
            throw new IllegalArgumentException("an interactive workload wrote " + op + ", which the load driver "
                    + "cannot run through a transaction");
        }
    }
}
