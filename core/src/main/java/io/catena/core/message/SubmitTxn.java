package io.catena.core.message;

import io.catena.core.id.RequestId;
import io.catena.core.txn.TxnSpec;

/** Client to coordinator: run this read-write transaction. Retries reuse the request id. */
public record SubmitTxn(RequestId request, TxnSpec spec) implements Message {
    @Override
    public MessageType type() {
        return MessageType.SUBMIT_TXN;
    }
}
