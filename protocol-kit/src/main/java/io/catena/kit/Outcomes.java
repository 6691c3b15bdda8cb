package io.catena.kit;

import io.catena.core.data.Row;
import io.catena.core.id.NodeId;
import io.catena.core.id.RequestId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * What became of the requests a region is home to, for clients that ask again, under a protocol
 * that runs each transaction at its home. A retry of a request (after a timeout or a reconnect)
 * gets the answer already given instead of running the transaction twice; an outcome lookup
 * ({@link QueryOutcome}) gets the request's definite outcome: its answer, at once or when the
 * transaction under way finishes, or, for a request unknown here,
 * {@link io.catena.core.txn.Outcome#DROPPED}. That answer cancels the request: it is kept as the
 * request's answer, so that a copy still on its way is refused with it and never runs.
 *
 * <p>Bounded by a count: the last {@code capacity} answers and cancellations, oldest out, in one
 * window. A count rather than a time, so that memory stays bounded at any load whether or not the
 * protocol has epochs to count; one window for both, because a cancellation must outlive every
 * copy of its request exactly as an answer must outlive every retry. A copy arriving after its cancellation left the window runs, as a retry after its
 * answer left does; a lookup of a request whose answer left it finds nothing and cancels it.
 *
 * <p>The window survives a crash, as Catena's durable answers do: an answer that running again
 * could change (an abort, a cancellation) is recorded before it is given, and a commit's answer is
 * covered by its home's record of the decision until that record is dropped, when the answer is
 * recorded in the same write ({@link #covered}). Otherwise a region that crashed after answering
 * would run a client's retry again, committing a transaction twice or one its client was told
 * was aborted or cancelled. What repeats itself is not recorded: a rejection (the plan decides
 * it) and a read-only answer (reading again at the retry is as good an answer). While an answer
 * is being recorded, retries and lookups of its request wait for it.
 *
 * <p>Lookups waiting for a transaction under way are bounded by those transactions, each of which
 * the protocol must bring to an answer (a bounded wait, a retry limit). Threading: the owning
 * node's, one step at a time.
 */
public final class Outcomes {

    /**
     * Where the window is kept across a crash: rows of the region's stable records
     * ({@link StableRecords}), named and encoded by {@link AnswerCodec}. Called on the owning
     * node's thread, and {@code durable} runs there too.
     */
    public interface Store {

        /** Records {@code value} under {@code row}; {@code durable} runs once it is in the store. */
        void record(String row, Row value, Runnable durable);

        /** Records {@code value} under {@code row} with the next write, whenever that is. */
        void recordLater(String row, Row value);

        void drop(String row);
    }

    private final LinkedHashMap<RequestId, Kept> kept;
    /** Answers being recorded, and the retries and lookups that wait for them or for a run. */
    private final Set<RequestId> recording = new HashSet<>();
    private final Map<RequestId, List<Asker>> waiting = new LinkedHashMap<>();
    private final BiConsumer<NodeId, TxnReply> send;
    private final Store store;
    private long nextSequence;

    /** An answer in the window; {@code sequence} orders the window and names its row. */
    private record Kept(TxnReply reply, long sequence, boolean stored) {
    }

    /** A client that asked, under its query's own request id (a retry asks under the request's). */
    private record Asker(NodeId client, RequestId query) {
    }

    /**
     * @param capacity how many answers and cancellations are kept
     * @param send     sends a reply to a client
     * @param store    keeps the window across a crash
     */
    public Outcomes(int capacity, BiConsumer<NodeId, TxnReply> send, Store store) {
        this.kept = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<RequestId, Kept> eldest) {
                if (size() <= capacity) {
                    return false;
                }
                if (eldest.getValue().stored()) {
                    store.drop(AnswerCodec.answerRow(eldest.getValue().sequence()));
                }
                return true;
            }
        };
        this.send = send;
        this.store = store;
    }

    /** The answer given to {@code request}, the refusal of a cancelled one, or null. */
    public TxnReply given(RequestId request) {
        Kept k = kept.get(request);
        return k == null ? null : k.reply();
    }

    /**
     * Takes a request that arrives again: a request answered (or cancelled) is answered again at
     * once, and one whose answer is being recorded gets it once recorded. False if neither, for a
     * request new here or still running, which the protocol handles.
     */
    public boolean answersAgain(NodeId client, RequestId request) {
        TxnReply answered = given(request);
        if (answered != null) {
            send.accept(client, answered);
            return true;
        }
        if (recording(request)) {
            retried(client, request);
            return true;
        }
        return false;
    }

    /** Whether the answer to {@code request} is being recorded: a retry of it waits ({@link #retried}). */
    public boolean recording(RequestId request) {
        return recording.contains(request);
    }

    /** A client sent {@code request} again while its answer is being recorded: it gets it once recorded. */
    public void retried(NodeId client, RequestId request) {
        await(request, new Asker(client, request));
    }

    /**
     * Keeps an answer that needs no record of its own and gives it to whoever waited: a rejection,
     * a read-only answer, or a commit's, covered by its decision record.
     */
    public void answered(TxnReply reply) {
        kept.put(reply.request(), new Kept(reply, nextSequence++, false));
        release(reply);
    }

    /** Records an answer, then keeps it, runs {@code then} (which gives it) and gives it to whoever waited. */
    public void answerDurably(TxnReply reply, Runnable then) {
        long sequence = nextSequence++;
        recording.add(reply.request());
        store.record(AnswerCodec.answerRow(sequence), AnswerCodec.encode(reply), () -> {
            recording.remove(reply.request());
            kept.put(reply.request(), new Kept(reply, sequence, true));
            then.run();
            release(reply);
        });
    }

    /**
     * The decision record that covered the answer to {@code request} is about to be dropped: the
     * answer, if still in the window, goes in the same write.
     */
    public void covered(RequestId request) {
        Kept k = kept.get(request);
        if (k != null && !k.stored()) {
            store.recordLater(AnswerCodec.answerRow(k.sequence()), AnswerCodec.encode(k.reply()));
            kept.replace(request, new Kept(k.reply(), k.sequence(), true));
        }
    }

    /** Takes back an answer recorded before a crash; called in the order of {@code sequence}. */
    public void restore(long sequence, TxnReply reply) {
        kept.put(reply.request(), new Kept(reply, sequence, true));
        nextSequence = Math.max(nextSequence, sequence + 1);
    }

    /**
     * A client asks what became of {@code q.target()}; {@code underWay} says whether a transaction
     * of it runs here now. A query resent under the same name replaces the one before.
     */
    public void lookUp(NodeId client, QueryOutcome q, boolean underWay) {
        TxnReply given = given(q.target());
        if (given != null) {
            send.accept(client, to(q.request(), given));
            return;
        }
        await(q.target(), new Asker(client, q.request()));
        if (!underWay && !recording.contains(q.target())) {
            answerDurably(new TxnReply(q.target(), TxnResult.dropped(QueryOutcome.CANCELLED), null, false), () -> {
            });
        }
    }

    private void await(RequestId target, Asker asker) {
        List<Asker> askers = waiting.computeIfAbsent(target, r -> new ArrayList<>());
        askers.removeIf(a -> a.query().equals(asker.query()));
        askers.add(asker);
    }

    private void release(TxnReply reply) {
        List<Asker> askers = waiting.remove(reply.request());
        if (askers != null) {
            askers.forEach(a -> send.accept(a.client(), to(a.query(), reply)));
        }
    }

    /** The target's answer, addressed to the query that asked for it. */
    private static TxnReply to(RequestId query, TxnReply answer) {
        return query.equals(answer.request()) ? answer
                : new TxnReply(query, answer.result(), answer.version(), answer.contended());
    }
}
