package io.catena.catenae.message;

import io.catena.core.data.Version;
import io.catena.core.id.TxnId;

/**
 * Last hop of a commit pass to every hop's chain server: apply the held writes at
 * {@code version} ({@code commit}) or drop them.
 */
public record FinalizeTxn(TxnId txn, Version version, boolean commit) implements CatenaMessage {
    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.FINALIZE_TXN;
    }
}
