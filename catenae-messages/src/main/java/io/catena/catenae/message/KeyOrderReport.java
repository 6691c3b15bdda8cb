package io.catena.catenae.message;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.List;

/**
 * Chain server to coordinator: every transaction of {@code epoch} contending on {@code key} has
 * precommitted here, in this order. It becomes the region's vote on the key.
 */
public record KeyOrderReport(long epoch, ChainKey key, List<TxnId> order) implements CatenaMessage {
    public KeyOrderReport {
        order = List.copyOf(order);
    }

    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.KEY_ORDER_REPORT;
    }
}
