package io.catena.baselines.message;

import io.catena.core.id.TxnId;
import io.catena.core.message.PluginMessage;

/** Region to home (baselines): the commit's writes are durable in this region's store. */
public record CommitApplied(TxnId txn, int attempt) implements PluginMessage {

    public CommitApplied {
        if (txn == null || attempt < 0) {
            throw new IllegalArgumentException("an acknowledgement names a transaction and an attempt");
        }
    }

    @Override
    public BaselineMessageType type() {
        return BaselineMessageType.COMMIT_APPLIED;
    }
}
