package io.catena.lab.load;

import io.catena.client.CatenaException;
import io.catena.client.Connection;
import io.catena.client.InvalidTransactionException;
import io.catena.client.OutcomeUnknownException;
import io.catena.client.RequestOutcome;
import io.catena.client.ResultRow;
import io.catena.client.SnapshotResult;
import io.catena.client.OperationList;
import io.catena.client.TransactionAbortedException;
import io.catena.client.TxnOutcome;
import io.catena.client.UnavailableException;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.harness.workload.ClientTxn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Runs workload transactions through the client library, as an application would: ad-hoc
 * operations through {@link OperationList}, read-only ones as snapshot reads, interactive ones
 * through {@link io.catena.client.Transaction} ({@link InteractiveRun}). Answers that are
 * exceptions in the library's API (an abort, a rejection, "did not run") become results again,
 * because the history records them. An unknown outcome is looked up by its request id
 * ({@link Connection#outcomeAsync}), which answers with a definite one; only a lookup that fails
 * too fails the future.
 */
public final class ConnectionGateway implements TxnGateway {

    private final Connection connection;
    /** Names for history lines of requests that carry no request id (snapshot reads, unsent requests). */
    private final String namePrefix;
    private final AtomicLong localNames = new AtomicLong();
    private final AtomicLong resolvedByLookup = new AtomicLong();

    private final InteractiveRun interactive;

    public ConnectionGateway(Connection connection) {
        this.connection = connection;
        this.namePrefix = "c" + connection.clientId() + "-local-";
        this.interactive = new InteractiveRun(connection, () -> namePrefix + localNames.incrementAndGet());
    }

    @Override
    public CompletableFuture<GatewayReply> submit(ClientTxn txn) {
        CompletableFuture<GatewayReply> reply = txn.isInteractive() ? interactive.submit(txn)
                : txn.isReadOnly() ? snapshot(txn) : readWrite(txn.spec());
        return reply.exceptionallyCompose(this::asReply);
    }

    private CompletableFuture<GatewayReply> snapshot(ClientTxn txn) {
        String id = namePrefix + localNames.incrementAndGet();
        return connection.snapshot().read(txn.readOnlyKeys()).readPartition(txn.readOnlyPartitions()).executeAsync()
                .thenApply(r -> new GatewayReply(id, TxnResult.committed(reads(r), Row.EMPTY), r.version(), false));
    }

    /** The rows read by key, then every row of each partition read whole, as a coordinator answers them. */
    private static List<ReadResult> reads(SnapshotResult r) {
        List<ReadResult> reads = new ArrayList<>();
        for (RowKey key : r.keys()) {
            reads.add(new ReadResult(key, r.row(key).map(ResultRow::row).orElse(null)));
        }
        for (ChainKey partition : r.partitions()) {
            r.partition(partition).forEach((clustering, row) ->
                    reads.add(new ReadResult(new RowKey(partition, clustering), row.row())));
        }
        return reads;
    }

    private CompletableFuture<GatewayReply> readWrite(TxnSpec spec) {
        if (!(spec instanceof TxnSpec.AdHoc adHoc)) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("the load driver runs ad-hoc "
                    + "transactions; procedure calls go through PreparedCall"));
        }
        OperationList t = connection.transaction();
        adHoc.ops().forEach(op -> addTo(t, op));
        return t.commitAsync().thenApply(o -> new GatewayReply(o.requestId().toString(),
                TxnResult.committed(reads(o), o.outputs().row()), o.version(), o.contended()));
    }

    private static List<ReadResult> reads(TxnOutcome o) {
        List<ReadResult> reads = new ArrayList<>();
        for (RowKey key : o.readKeys()) {
            reads.add(new ReadResult(key, o.row(key).map(ResultRow::row).orElse(null)));
        }
        return reads;
    }

    private static void addTo(OperationList t, Op op) {
        if (op instanceof Op.Read r) {
            t.read(r.key());
        } else if (op instanceof Op.Write w) {
            t.put(w.key(), w.row());
        } else if (op instanceof Op.Insert i) {
            t.insert(i.key(), values(i.row()));
        } else if (op instanceof Op.Delete d) {
            t.delete(d.key());
        } else if (op instanceof Op.Check c) {
            t.check(c.key(), c.condition());
        } else if (op instanceof Op.Update u) {
            addUpdate(t, u.key(), u.fn());
        }
    }

    private static void addUpdate(OperationList t, RowKey key, UpdateFn fn) {
        if (fn instanceof UpdateFn.Add a) {
            t.add(key, a.column(), a.delta());
        } else if (fn instanceof UpdateFn.SetField s) {
            t.set(key, s.column(), value(s.value()));
        } else if (fn instanceof UpdateFn.Append a) {
            t.append(key, a.column(), value(a.element()));
        }
    }

    private static Map<String, Object> values(Row row) {
        Map<String, Object> m = new LinkedHashMap<>();
        row.forEach((c, d) -> m.put(c, value(d)));
        return m;
    }

    static Object value(Datum d) {
        if (d instanceof Datum.Int64 i) {
            return i.value();
        }
        if (d instanceof Datum.Text s) {
            return s.value();
        }
        return ((Datum.Seq) d).values().stream().map(ConnectionGateway::value).toList();
    }

    /** Decided answers the library reports as exceptions, turned back into results. */
    private CompletableFuture<GatewayReply> asReply(Throwable failure) {
        Throwable t = failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
        if (t instanceof TransactionAbortedException a) {
            // An interactive transaction's read can end it before anything was sent, without a request id.
            String id = a.requestId() == null ? namePrefix + localNames.incrementAndGet() : a.requestId().toString();
            return CompletableFuture.completedFuture(new GatewayReply(id,
                    TxnResult.aborted(a.reason()), null, false));
        }
        if (t instanceof InvalidTransactionException i && i.requestId() != null) {
            return CompletableFuture.completedFuture(new GatewayReply(i.requestId().toString(),
                    TxnResult.rejected(i.getMessage()), null, false));
        }
        if (t instanceof UnavailableException u) {
            return CompletableFuture.completedFuture(new GatewayReply(namePrefix + "unsent-" + localNames.incrementAndGet(),
                    TxnResult.dropped(u.getMessage()), null, false));
        }
        if (t instanceof OutcomeUnknownException u) {
            return connection.outcomeAsync(u.requestId()).thenApply(this::looked)
                    .exceptionallyCompose(lookupFailed -> CompletableFuture.failedFuture(t));
        }
        return CompletableFuture.failedFuture(t instanceof CatenaException ? t : new CompletionException(t));
    }

    /** A looked-up outcome as the answer the request's own reply would have been. */
    private GatewayReply looked(RequestOutcome outcome) {
        resolvedByLookup.incrementAndGet();
        String id = outcome.requestId().toString();
        if (outcome instanceof RequestOutcome.Committed c) {
            TxnOutcome o = c.outcome();
            return new GatewayReply(id, TxnResult.committed(reads(o), o.outputs().row()), o.version(), o.contended());
        }
        if (outcome instanceof RequestOutcome.Aborted a) {
            return new GatewayReply(id, TxnResult.aborted(a.reason()), null, false);
        }
        return new GatewayReply(id, TxnResult.dropped(((RequestOutcome.NotCommitted) outcome).reason()), null, false);
    }

    /** Transactions whose answer was lost and whose outcome a lookup then settled. */
    public long resolvedByLookup() {
        return resolvedByLookup.get();
    }
}
