package io.catena.core.message;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.List;

/**
 * Resolver to chain server: with {@code waitFor} empty, {@code txn} may precommit and is now
 * ordered before every overtaken transaction; otherwise it must wait on {@code key} until those
 * (already ordered before it) have precommitted.
 */
public record ResolveReply(TxnId txn, ChainKey key, List<TxnId> waitFor) implements Message {
    public ResolveReply {
        waitFor = List.copyOf(waitFor);
    }

    @Override
    public MessageType type() {
        return MessageType.RESOLVE_REPLY;
    }
}
