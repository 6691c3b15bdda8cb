package io.catena.catenae.message;

import io.catena.core.data.Row;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnSpec;

/**
 * The speculative backward pass of a transaction arriving at hop {@code hop}, with the values
 * earlier hops carried. {@code aborted} says an earlier hop aborted speculatively: later hops
 * still take their place in the order (so votes and epoch barriers complete) but run nothing.
 */
public record BackwardPass(TxnId txn, TxnSpec spec, int hop, Row carry, boolean aborted) implements CatenaMessage {
    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.BACKWARD_PASS;
    }
}
