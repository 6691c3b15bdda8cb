package io.catena.catenae.message;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.List;

/**
 * Resolver to chain server: {@code txn} is now ordered before every overtaken transaction except
 * {@code waitFor}, which already precede it; it precommits on {@code key} once those have (at once
 * if there are none), without asking again.
 */
public record ResolveReply(TxnId txn, ChainKey key, List<TxnId> waitFor) implements CatenaMessage {
    public ResolveReply {
        waitFor = List.copyOf(waitFor);
    }

    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.RESOLVE_REPLY;
    }
}
