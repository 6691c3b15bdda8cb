package io.catena.coordinator;

import io.catena.coordinator.client.AnswerCodec;
import io.catena.coordinator.client.AnswerStore;
import io.catena.coordinator.client.ClientSessions;
import io.catena.coordinator.schedule.RequestIndex;
import io.catena.coordinator.schedule.ScheduledEpoch;
import io.catena.coordinator.schedule.ScheduledTxn;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.ObjLongConsumer;

/**
 * The answers this region owes its own clients, and how far they are durable. The answer of an
 * own transaction is persisted before the region's recorded progress passes its epoch, so a
 * successor coordinator either finds the answer or computes it again; a retried request gets the
 * answer of the transaction that carried it first, and a request that never ran is told so.
 *
 * <p>Storage writes that fail wait for the coordinator's housekeeping to run them again
 * ({@link #retryFailedWrites}). Threading: the coordinator's, one thread at a time.
 */
final class OwnAnswers {

    private final CoordinatorContext ctx;
    private final ClientSessions clients;
    private final RequestIndex requests;
    private final AnswerStore store;
    /** Own answers not yet durable: a retry scheduled meanwhile cannot read them back yet. */
    private final Map<RequestId, AnswerCodec.Answer> persisting = new HashMap<>();
    /**
     * Epochs whose own answers are not all durable, with those still being decided: the region's
     * recorded progress may not pass them. An epoch's answers are written together once the last
     * of them is known.
     */
    private final TreeMap<Long, EpochAnswers> pending = new TreeMap<>();
    /** The last epoch whose answers were dropped (in epoch order, as requests leave the window). */
    private long forgottenThrough;
    /** The last epoch scheduled: with nothing pending, every answer through it is durable. */
    private long scheduledThrough;
    private final List<Runnable> failedWrites = new ArrayList<>();

    OwnAnswers(CoordinatorContext ctx, ClientSessions clients, RequestIndex requests) {
        this.ctx = ctx;
        this.clients = clients;
        this.requests = requests;
        this.store = new AnswerStore(ctx);
    }

    /** The last epoch through which every own answer is durable: the recorded progress stops there. */
    long durableThrough() {
        return pending.isEmpty() ? scheduledThrough : pending.firstKey() - 1;
    }

    /** After a restart: every answer through {@code epoch} was durable before the recorded progress passed it. */
    void resumeAfter(long epoch) {
        scheduledThrough = epoch;
    }

    /**
     * An epoch was scheduled: its own transactions owe answers that must be durable before the
     * recorded progress passes it; its rejected, retried and dropped transactions are settled by
     * the schedule alone, so their clients are answered now.
     */
    void onScheduled(long epoch, ScheduledEpoch se, long now) {
        int own = 0;
        for (ScheduledTxn t : se.classification().txns()) {
            own += t.id().origin().equals(ctx.region) ? 1 : 0;
        }
        for (TxnEntry t : se.rejected().keySet()) {
            own += t.id().origin().equals(ctx.region) ? 1 : 0;
        }
        if (own > 0) {
            pending.put(epoch, new EpochAnswers(own));
        }
        scheduledThrough = epoch;
        se.rejected().forEach((t, reason) -> {
            ctx.stats.txnsRejected++;
            answer(t.id(), t.request(), new AnswerCodec.Answer(TxnResult.rejected(reason), null, false), now);
        });
        se.duplicates().forEach(t -> answerRetry(t, now));
        for (TxnEntry t : se.dropped()) {
            if (t.id().origin().equals(ctx.region)) {
                answerDropped(t, now);
            }
        }
    }

    /** A request left the dedup window: a later retry runs as a new transaction, so its answer goes. */
    void onExpired(RequestId request, TxnId txn) {
        if (txn.origin().equals(ctx.region) && txn.epoch() > forgottenThrough) {
            forgottenThrough = txn.epoch();
            forget(txn.epoch());
        }
    }

    /**
     * Answers a decided transaction's client if it waits here. Answers to this region's own
     * transactions are also persisted, an epoch's together once the last is decided: the reply
     * goes out at once, and the region's recorded progress passes the transaction's epoch only once
     * the answers are durable, so a successor coordinator either finds them or computes them again.
     */
    void answer(TxnId txn, RequestId request, AnswerCodec.Answer a, long now) {
        clients.onResult(txn, request, a.result(), a.version(), a.contended(), now);
        if (!txn.origin().equals(ctx.region)) {
            return;
        }
        EpochAnswers epoch = pending.get(txn.epoch());
        if (epoch == null || !epoch.add(request, a)) {
            // Every own transaction is answered once, after its epoch was scheduled: anything else
            // would let the recorded progress pass an answer that is not durable.
            throw new IllegalStateException("answer of " + txn + " (" + request + ") outside its epoch's "
                    + "expected answers");
        }
        persisting.put(request, a);
        if (epoch.complete()) {
            persist(txn.epoch(), epoch);
        }
    }

    private void persist(long epoch, EpochAnswers answers) {
        store.persist(epoch, answers.byRequest(), (t, ignored, failure) -> {
            if (failure == null) {
                persisting.keySet().removeAll(answers.byRequest().keySet());
                pending.remove(epoch);
            } else {
                failedWrites.add(() -> persist(epoch, answers));
            }
        });
    }

    private void forget(long epoch) {
        store.forget(epoch, (t, ignored, failure) -> {
            if (failure != null) {
                failedWrites.add(() -> forget(epoch));
            }
        });
    }

    /**
     * Hands {@code found} the answer of an own request that is persisted or being persisted, if
     * there is one (and never calls it otherwise).
     */
    void recall(RequestId request, Consumer<AnswerCodec.Answer> found) {
        AnswerCodec.Answer a = persisting.get(request);
        if (a != null) {
            found.accept(a);
            return;
        }
        lookup(request, (stored, t) -> found.accept(stored));
    }

    /**
     * Reads an own request's durable answer back, if the transaction that carried it first has
     * one, and hands it to {@code found} with the time the read completed.
     */
    private void lookup(RequestId request, ObjLongConsumer<AnswerCodec.Answer> found) {
        TxnId carrier = requests.firstCarrier(request);
        if (carrier == null || !carrier.origin().equals(ctx.region)) {
            return;
        }
        store.lookup(carrier.epoch(), request, (t, stored, failure) -> {
            if (stored != null) {
                found.accept(stored, t);
            }
        });
    }

    /** Runs the failed writes again, once each; one that fails again waits for the next call. */
    void retryFailedWrites() {
        List<Runnable> retry = new ArrayList<>(failedWrites);
        failedWrites.clear();
        retry.forEach(Runnable::run);
    }

    /**
     * A transaction of this region whose record was abandoned never runs. Its request may still
     * have run: a client that retried after its coordinator was replaced can have the same request
     * in an earlier, included batch. Every earlier epoch is decided by now, so the request index
     * tells, and the client gets that transaction's answer; otherwise the request never ran anywhere
     * and is safe to retry.
     */
    private void answerDropped(TxnEntry t, long now) {
        ctx.stats.txnsDropped++;
        if (requests.firstCarrier(t.request()) != null || requests.cancelled(t.request())) {
            answerRetry(t, now);
            return;
        }
        clients.onResult(t.id(), t.request(), TxnResult.dropped(
                "the region was cut off from the others when this transaction arrived; it did not run"),
                null, false, now);
    }

    /**
     * This region's own record was abandoned by the others before this region could hold it (its
     * store was down, so the record was neither persisted nor shipped): no region runs it, and the
     * schedule, which every region computes from held records alone, leaves it out. Its clients
     * still wait on it, so they are answered here as for any abandoned record: dropped, never run.
     */
    void dropUnheldOwn(RLogRecord own, long now) {
        clients.onLogged(own);
        for (TxnEntry t : own.txns()) {
            answerDropped(t, now);
        }
    }

    /**
     * A retry of a request an earlier transaction carries: answer it as the original was answered.
     * A retry of a cancelled request never runs, and is told so.
     */
    private void answerRetry(TxnEntry retry, long now) {
        if (requests.cancelled(retry.request())) {
            clients.onResult(retry.id(), retry.request(), TxnResult.dropped(QueryOutcome.CANCELLED), null, false,
                    now);
            return;
        }
        AnswerCodec.Answer a = persisting.get(retry.request());
        if (a != null) {
            clients.onResult(retry.id(), retry.request(), a.result(), a.version(), a.contended(), now);
        } else if (clients.waiting(retry.request())) {
            lookup(retry.request(), (found, t) -> clients.onResult(retry.id(), retry.request(), found.result(),
                    found.version(), found.contended(), t));
        }
    }
}
