package io.catena.client;

import io.catena.core.id.RequestId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import java.util.concurrent.CompletionException;
import java.util.function.Function;

/**
 * Asking a region what became of a request: the query under a name of its own, and its reply
 * read as a {@link RequestOutcome}.
 */
final class OutcomeLookup {

    private OutcomeLookup() {
    }

    /** The query about {@code target}, for a given name of the query itself. */
    static Function<RequestId, QueryOutcome> query(RequestId target) {
        if (target == null) {
            throw InvalidTransactionException.invalid("the request to look up is null");
        }
        return id -> new QueryOutcome(id, target);
    }

    /** The reply's meaning: the target's result, which the region sends only once it is definite. */
    static RequestOutcome toOutcome(RequestId target, TxnReply reply) {
        TxnResult r = reply.result();
        return switch (r.outcome()) {
            case COMMITTED -> new RequestOutcome.Committed(Replies.toOutcome(new TxnReply(target, r, reply.version(),
                    reply.contended())));
            case ABORTED, REJECTED -> new RequestOutcome.Aborted(target, r.reason());
            case DROPPED -> new RequestOutcome.NotCommitted(target, r.reason());
        };
    }

    /** A query that got no answer in time says so about the lookup, not about a snapshot read. */
    static Throwable unanswered(RequestId target, Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        if (cause instanceof UnavailableException u) {
            return new UnavailableException("The outcome of request " + target + " could not be learnt ("
                    + u.getMessage() + "); asking again later is safe.", u);
        }
        return cause;
    }
}
