package io.catena.core.message;

import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnResult;

/** Last hop of a commit pass to the coordinator: the decided result. */
public record TxnComputed(TxnId txn, Version version, TxnResult result) implements Message {
    @Override
    public MessageType type() {
        return MessageType.TXN_COMPUTED;
    }
}
