package io.catena.core.message;

import io.catena.core.id.TxnId;

/** Region to home (baselines): the commit's writes are durable in this region's store. */
public record CommitApplied(TxnId txn, int attempt) implements Message {

    public CommitApplied {
        if (txn == null || attempt < 0) {
            throw new IllegalArgumentException("an acknowledgement names a transaction and an attempt");
        }
    }

    @Override
    public MessageType type() {
        return MessageType.COMMIT_APPLIED;
    }
}
