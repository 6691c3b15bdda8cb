package io.catena.coordinator.client;

import io.catena.coordinator.CoordinatorContext;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.rlog.EncodedSize;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The clients waiting on this region. A retry of a request (same request id) attaches to the
 * original instead of running again; the result is kept for a while after the answer so that a
 * retry after a lost reply gets the same answer. A transaction larger than
 * {@code maxTransactionBytes} is refused as it arrives: it never enters the log. A copy that
 * arrives after its {@link CopyWindow} is left out without an answer: its request may have
 * committed long ago, so it is not dropped either, and its client stopped waiting before then.
 */
public final class ClientSessions {

    private final CoordinatorContext ctx;
    private final Batcher batcher;
    private final OutcomeLookups lookups;
    private final Map<RequestId, Session> sessions = new HashMap<>();
    private final LinkedHashMap<RequestId, Long> answeredAt = new LinkedHashMap<>();

    private static final class Session {
        NodeId client;
        TxnId txn;
        TxnResult result;
        Version version;
        boolean contended;
    }

    public ClientSessions(CoordinatorContext ctx, Batcher batcher, OutcomeLookups lookups) {
        this.ctx = ctx;
        this.batcher = batcher;
        this.lookups = lookups;
    }

    public void onSubmit(long nowMicros, NodeId from, SubmitTxn m) {
        Session s = sessions.get(m.request());
        if (s != null) {
            s.client = from;
            ctx.stats.duplicateRequests++;
            if (s.result != null) {
                ctx.outbox.send(from, new TxnReply(m.request(), s.result, s.version, s.contended));
            }
            return;
        }
        if (nowMicros > CopyWindow.lastStartMicros(m.issuedMicros(), ctx.epochs.lengthMicros())) {
            ctx.stats.lateCopies++;
            return;
        }
        long size = EncodedSize.txn(m.spec());
        if (size > ctx.config.maxTransactionBytes()) {
            ctx.stats.txnsTooLarge++;
            ctx.outbox.send(from, new TxnReply(m.request(), TxnResult.rejected("the transaction is " + size
                    + " bytes; the limit is " + ctx.config.maxTransactionBytes() + " bytes (maxTransactionBytes)"),
                    null, false));
            return;
        }
        s = new Session();
        s.client = from;
        batcher.add(nowMicros, m.request(), m.spec(), size, m.issuedMicros());
        sessions.put(m.request(), s);
        ctx.stats.txnsReceived++;
    }

    /**
     * This region's record is held (or dropped unheld): a session learns the id of the transaction
     * that carries its request (for dropped answers, see {@link #onResult}), a lookup where its
     * cancellation went.
     */
    public void onLogged(RLogRecord own) {
        lookups.onLogged(own);
        for (TxnEntry t : own.txns()) {
            Session s = sessions.get(t.request());
            if (s != null && s.txn == null) {
                s.txn = t.id();
            }
        }
    }

    /**
     * A decided result of transaction {@code txn}, which carries {@code request}; answers the client
     * if it is waiting here, and the outcome lookups of the request. A dropped transaction only
     * answers the request if it is the one the session knows: after a coordinator was replaced, a
     * retry of the same request may be carried by a newer transaction that will run.
     */
    public void onResult(TxnId txn, RequestId request, TxnResult result, Version version, boolean contended,
                         long nowMicros) {
        lookups.onResult(txn, request, result, version, contended);
        Session s = sessions.get(request);
        if (s == null || s.result != null) {
            return;
        }
        if (result.outcome() == Outcome.DROPPED && !txn.equals(s.txn)) {
            return;
        }
        s.result = result;
        s.version = version;
        s.contended = contended;
        answeredAt.put(request, nowMicros);
        ctx.outbox.send(s.client, new TxnReply(request, result, version, contended));
    }

    /** Forgets the sessions of requests the batcher left out as late: they will never be answered. */
    public void forget(List<RequestId> late) {
        for (RequestId r : late) {
            sessions.remove(r);
        }
    }

    public boolean waiting(RequestId request) {
        Session s = sessions.get(request);
        return s != null && s.result == null;
    }

    /** Forgets answers older than {@code keepMicros}. */
    public void expire(long nowMicros, long keepMicros) {
        var it = answeredAt.entrySet().iterator();
        while (it.hasNext()) {
            Map.Entry<RequestId, Long> e = it.next();
            if (nowMicros - e.getValue() < keepMicros) {
                break;
            }
            sessions.remove(e.getKey());
            it.remove();
        }
    }

    public int size() {
        return sessions.size();
    }
}
