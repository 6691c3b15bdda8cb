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
