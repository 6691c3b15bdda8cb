package io.catena.core.message;

import io.catena.core.id.RequestId;

/**
 * Client to coordinator: what became of request {@code target}, whose answer the client lost?
 * Sent to the coordinator of the region the target was submitted to. The answer is a
 * {@link TxnReply} to {@code request} (the query's own name, under which it is resent) carrying
 * the target's definite outcome: the result it committed or aborted with, or
 * {@link io.catena.core.txn.Outcome#DROPPED} when it never ran and never will (the region logged
 * a cancellation of it first; see docs/PROTOCOL.md, "Outcome lookup").
 */
public record QueryOutcome(RequestId request, RequestId target) implements Message {

    /**
     * The reason of the DROPPED answer to a cancelled request, and to any later copy of it, the same
     * from every protocol that answers lookups.
     */
    public static final String CANCELLED = "an outcome lookup cancelled this request before it ran; it never runs";

    public QueryOutcome {
        if (request == null || target == null) {
            throw new IllegalArgumentException("an outcome query has its own request id and the one it asks about");
        }
    }

    @Override
    public MessageType type() {
        return MessageType.QUERY_OUTCOME;
    }
}
