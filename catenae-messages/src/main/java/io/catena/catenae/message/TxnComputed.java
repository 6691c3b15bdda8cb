package io.catena.catenae.message;

import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnResult;

/** Last hop of a commit pass to the coordinator: the decided result. */
public record TxnComputed(TxnId txn, Version version, TxnResult result) implements CatenaMessage {
    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.TXN_COMPUTED;
    }
}
