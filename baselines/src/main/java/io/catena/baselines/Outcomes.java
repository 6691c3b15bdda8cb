package io.catena.baselines;

import io.catena.core.id.NodeId;
import io.catena.core.id.RequestId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * What became of the requests a region is home to, for clients that ask again. A retry of a
 * request (after a timeout or a reconnect) gets the answer already given instead of running the
 * transaction twice; an outcome lookup ({@link QueryOutcome}) gets the request's definite outcome:
 * its answer, at once or when the transaction under way finishes, or, for a request unknown here,
 * {@link io.catena.core.txn.Outcome#DROPPED}. That answer cancels the request: it is kept as the
 * request's answer, so that a copy still on its way is refused with it and never runs.
 *
 * <p>Bounded as the baselines' deduplication always was: the last {@code capacity} answers and
 * cancellations, oldest out, in one window. A count rather than a time, because the baselines
 * have no epochs to count and their memory must stay bounded at any load; one window for both,
 * because a cancellation must outlive every copy of its request exactly as an answer must outlive
 * every retry. A copy arriving after its cancellation left the window runs, as a retry after its
 * answer left does; a lookup of a request whose answer left it finds nothing and cancels it (the
 * answer is then DROPPED even if the request committed). Memory only: a baseline region that
 * crashes keeps its grants and the commits it decided ({@link StableRecords}) but forgets every
 * answer and cancellation.
 *
 * <p>Lookups waiting for a transaction under way are bounded by those transactions, each of which
 * ends in an answer (2PL's lock wait, OCC's retry limit). Threading: the node's, one step at a time.
 */
final class Outcomes {

    private final LinkedHashMap<RequestId, TxnReply> kept;
    private final Map<RequestId, List<Asker>> waiting = new LinkedHashMap<>();
    private final BiConsumer<NodeId, TxnReply> send;

    /** A client that asked, under its query's own request id. */
    private record Asker(NodeId client, RequestId query) {
    }

    /**
     * @param capacity how many answers and cancellations are kept
     * @param send     sends a reply to a client
     */
    Outcomes(int capacity, BiConsumer<NodeId, TxnReply> send) {
        this.kept = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<RequestId, TxnReply> eldest) {
                return size() > capacity;
            }
        };
        this.send = send;
    }

    /** The answer given to {@code request}, the refusal of a cancelled one, or null. */
    TxnReply given(RequestId request) {
        return kept.get(request);
    }

    /** Keeps the answer to a request and gives it to the lookups that waited for it. */
    void answered(TxnReply reply) {
        kept.put(reply.request(), reply);
        List<Asker> askers = waiting.remove(reply.request());
        if (askers != null) {
            askers.forEach(a -> send.accept(a.client(), to(a.query(), reply)));
        }
    }

    /**
     * A client asks what became of {@code q.target()}; {@code underWay} says whether a transaction
     * of it runs here now. A query resent under the same name replaces the one before.
     */
    void lookUp(NodeId client, QueryOutcome q, boolean underWay) {
        TxnReply given = kept.get(q.target());
        if (given == null && underWay) {
            List<Asker> askers = waiting.computeIfAbsent(q.target(), r -> new ArrayList<>());
            askers.removeIf(a -> a.query().equals(q.request()));
            askers.add(new Asker(client, q.request()));
            return;
        }
        if (given == null) {
            given = new TxnReply(q.target(), TxnResult.dropped(QueryOutcome.CANCELLED), null, false);
            kept.put(q.target(), given);
        }
        send.accept(client, to(q.request(), given));
    }

    /** The target's answer, addressed to the query that asked for it. */
    private static TxnReply to(RequestId query, TxnReply answer) {
        return new TxnReply(query, answer.result(), answer.version(), answer.contended());
    }
}
