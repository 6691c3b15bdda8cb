package io.catena.core.message;

import io.catena.core.id.TxnId;

/** Chain server to coordinator: this transaction's effects on the server's keys are durable. */
public record TxnFinalized(TxnId txn, int server) implements Message {
    @Override
    public MessageType type() {
        return MessageType.TXN_FINALIZED;
    }
}
