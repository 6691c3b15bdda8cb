package io.catena.core.message;

import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.txn.TxnResult;

/**
 * Coordinator to client: the decided result. {@code version} is the commit version of a
 * read-write transaction or the snapshot a read-only one read; null when nothing ran.
 */
public record TxnReply(RequestId request, TxnResult result, Version version) implements Message {
    @Override
    public MessageType type() {
        return MessageType.TXN_REPLY;
    }
}
