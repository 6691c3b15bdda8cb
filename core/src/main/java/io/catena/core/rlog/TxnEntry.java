package io.catena.core.rlog;

import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnSpec;

/**
 * A transaction as its origin logged it: its id, the client's request id (to recognise retries),
 * when in the epoch it arrived (every region replays the arrival pattern when it speculates) and
 * the transaction itself.
 */
public record TxnEntry(TxnId id, RequestId request, int offsetMicros, TxnSpec spec) {

    public TxnEntry {
        if (id == null || request == null || spec == null) {
            throw new IllegalArgumentException("a logged transaction has an id, a request id and a spec");
        }
        if (offsetMicros < 0) {
            throw new IllegalArgumentException("arrival offset must be non-negative");
        }
    }
}
