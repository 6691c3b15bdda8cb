package io.catena.catenae.message;

import io.catena.core.id.TxnId;

/** Chain server to coordinator: this transaction's effects on the server's keys are durable. */
public record TxnFinalized(TxnId txn, int server) implements CatenaMessage {
    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.TXN_FINALIZED;
    }
}
