package io.catena.core.message;

import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.txn.TxnResult;

/**
 * Coordinator to client: the decided result. {@code version} is the commit version of a
 * read-write transaction or the snapshot a read-only one read; null when nothing ran.
 * {@code contended} says the transaction conflicted with others of its epoch, so its order was
 * validated across regions (about a round trip) rather than fixed by its epoch alone (about half
 * of one); like the result, it is the same in every region.
 */
public record TxnReply(RequestId request, TxnResult result, Version version, boolean contended) implements Message {
    @Override
    public MessageType type() {
        return MessageType.TXN_REPLY;
    }
}
