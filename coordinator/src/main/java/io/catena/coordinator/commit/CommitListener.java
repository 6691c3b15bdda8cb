package io.catena.coordinator.commit;

import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnResult;

/** Told when a transaction's decided result is known in this region. */
@FunctionalInterface
public interface CommitListener {
    void onResult(TxnId txn, RequestId request, TxnResult result, Version version, boolean contended, long nowMicros);
}
