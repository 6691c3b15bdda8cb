package io.catena.coordinator.client;

import io.catena.coordinator.CoordinatorContext;
import io.catena.coordinator.schedule.RequestIndex;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.TxnReply;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Answers clients that lost the answer to a request and ask what became of it
 * ({@link QueryOutcome}), with an outcome that can no longer change. The log decides, as it
 * decides everything else: the request's first carrier in schedule order ({@link RequestIndex})
 * is either a transaction, whose answer is the outcome, or a cancellation, and then the request
 * never runs. A request the index does not know yet — unheard of, waiting in the batcher, in a
 * record not scheduled yet, or in a dropped one — gets a cancellation in this region's next
 * record; once that record's epoch is scheduled the index knows the request either way (a
 * transaction logged before the cancellation still runs and wins). A cancellation whose record was
 * abandoned counts for nothing, so the lookup cancels again. While this region's scheduling is
 * too far behind its records for a cancellation to lie within the dedup window of a transaction
 * it has yet to schedule ({@link CancelWindow}), the lookup cancels nothing and looks again as
 * epochs are scheduled. A lookup that found the request's
 * transaction waits for that transaction's answer, however long it runs: the index forgets a
 * request a window after its carrier's epoch, finished or not, and a resent query that looked it
 * up again there would cancel a request that is running.
 *
 * <p>Lookups live in memory only: after a coordinator is replaced the client asks again, and
 * the successor, whose index is rebuilt from the log, finds the cancellation or the carrier.
 * Threading: the coordinator's, one thread at a time.
 */
public final class OutcomeLookups {

    private final CoordinatorContext ctx;
    private final Batcher batcher;
    private final RequestIndex requests;
    private final BiConsumer<RequestId, Consumer<AnswerCodec.Answer>> recall;
    private final Map<RequestId, Lookup> lookups = new LinkedHashMap<>();
    /** The last epoch this region scheduled (0 until it schedules one, after a restart too). */
    private long scheduledThrough;

    /** A client that asked, under its query's own request id. */
    private record Asker(NodeId client, RequestId query) {
    }

    private static final class Lookup {
        final List<Asker> askers = new ArrayList<>();
        /** The epoch of the own record that carries its cancellation; 0 while none does. */
        long cancelEpoch;
        boolean cancelQueued;
        /** The transaction the index named as the request's first carrier, once it did; its answer settles. */
        TxnId carrier;
        /** Whether it waits for scheduling to catch up before it may cancel ({@link CancelWindow}). */
        boolean awaitsSchedule;
    }

    /**
     * @param recall finds the persisted or still persisting answer of an own request, if any
     *               (asynchronously; it may never call back)
     */
    public OutcomeLookups(CoordinatorContext ctx, Batcher batcher, RequestIndex requests,
                          BiConsumer<RequestId, Consumer<AnswerCodec.Answer>> recall) {
        this.ctx = ctx;
        this.batcher = batcher;
        this.requests = requests;
        this.recall = recall;
    }

    /** A client asks; a resent query under the same id asks again. */
    public void onQuery(NodeId from, QueryOutcome q) {
        ctx.stats.outcomeLookups++;
        Lookup l = lookups.computeIfAbsent(q.target(), r -> new Lookup());
        l.askers.removeIf(a -> a.query().equals(q.request()));
        l.askers.add(new Asker(from, q.request()));
        if (!l.cancelQueued && l.cancelEpoch == 0) {
            evaluate(q.target(), l);
        }
    }

    /** Settles what the index settles, and cancels requests it does not know. */
    private void evaluate(RequestId target, Lookup l) {
        if (l.carrier == null && requests.cancelled(target)) {
            reply(target, TxnResult.dropped(QueryOutcome.CANCELLED), null, false);
            return;
        }
        if (l.carrier == null) {
            l.carrier = requests.firstCarrier(target);
        }
        if (l.carrier != null) {
            l.awaitsSchedule = false;
            recall.accept(target, a -> onAnswer(target, a.result(), a.version(), a.contended()));
            return;
        }
        l.awaitsSchedule = !CancelWindow.fits(batcher.openEpoch(), scheduledThrough + 1);
        if (l.awaitsSchedule) {
            return;
        }
        l.cancelQueued = true;
        ctx.stats.cancellations++;
        batcher.cancel(target);
    }

    /** One of this region's records became held (or was dropped unheld): it carries these cancellations. */
    public void onLogged(RLogRecord own) {
        for (RequestId r : own.cancels()) {
            Lookup l = lookups.get(r);
            if (l != null && l.cancelQueued) {
                l.cancelQueued = false;
                l.cancelEpoch = own.epoch();
            }
        }
    }

    /**
     * An epoch is scheduled: the lookups whose cancellation it carried are settled now, and those
     * that wait for scheduling to catch up look again (the index may name their transaction now).
     */
    public void onScheduled(long epoch) {
        scheduledThrough = epoch;
        List<Map.Entry<RequestId, Lookup>> due = new ArrayList<>();
        for (Map.Entry<RequestId, Lookup> e : lookups.entrySet()) {
            Lookup l = e.getValue();
            if ((l.cancelEpoch != 0 && l.cancelEpoch <= epoch) || l.awaitsSchedule) {
                due.add(e);
            }
        }
        for (Map.Entry<RequestId, Lookup> e : due) {
            e.getValue().cancelEpoch = 0;
            evaluate(e.getKey(), e.getValue());
        }
    }

    /**
     * A decided result of a transaction carrying {@code request}. A drop settles nothing (the
     * request may still be carried later) unless it is the answer to a cancelled request.
     */
    public void onResult(TxnId txn, RequestId request, TxnResult result, Version version, boolean contended) {
        if (result.outcome() == Outcome.DROPPED && !requests.cancelled(request)) {
            return;
        }
        Lookup l = lookups.get(request);
        boolean settles = requests.cancelled(request) || txn.equals(requests.firstCarrier(request))
                || (l != null && txn.equals(l.carrier));
        if (settles && l != null) {
            reply(request, result, version, contended);
        }
    }

    private void onAnswer(RequestId target, TxnResult result, Version version, boolean contended) {
        if (lookups.containsKey(target)) {
            reply(target, result, version, contended);
        }
    }

    private void reply(RequestId target, TxnResult result, Version version, boolean contended) {
        Lookup l = lookups.remove(target);
        for (Asker a : l.askers) {
            ctx.outbox.send(a.client(), new TxnReply(a.query(), result, version, contended));
        }
    }
}
