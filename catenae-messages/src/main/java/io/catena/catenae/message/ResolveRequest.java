package io.catena.catenae.message;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.List;

/**
 * Chain server to resolver: {@code txn} wants to precommit on {@code key} ahead of
 * {@code overtaken}, which have footprints there but have not precommitted. This is the paper's
 * potential-cycle pattern: the resolver orders it before those that are not already ordered before
 * it, and names the others.
 */
public record ResolveRequest(TxnId txn, ChainKey key, List<TxnId> overtaken) implements CatenaMessage {
    public ResolveRequest {
        overtaken = List.copyOf(overtaken);
    }

    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.RESOLVE_REQUEST;
    }
}
