package io.catena.core.message;

import io.catena.core.id.RequestId;
import io.catena.core.txn.TxnSpec;

/**
 * Client to coordinator: run this read-write transaction. Retries reuse the request id and the
 * issue time.
 *
 * @param issuedMicros when the client first sent the request, on the coordinator's clock: the
 *                     client translates its own clock at the handshake, rounding so that this is
 *                     never later than the truth. A coordinator takes no copy of the request in
 *                     more than a bounded time after it, so that every copy any region logs lies
 *                     within the dedup window of the first (PROTOCOL.md, "Clients, retries and
 *                     answers")
 */
public record SubmitTxn(RequestId request, TxnSpec spec, long issuedMicros) implements Message {
    @Override
    public MessageType type() {
        return MessageType.SUBMIT_TXN;
    }
}
