package io.catena.baselines.message;

import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.message.PluginMessage;
import io.catena.kit.KeyCommit;
import java.util.List;

/**
 * Home to every region (baselines, Paxos Commit's second phase): the attempt commits at
 * {@code version}; apply its writes once every key is at the version the attempt built on, then
 * release what it holds and answer {@link CommitApplied}.
 */
public record CommitWrites(TxnId txn, int attempt, Version version, List<KeyCommit> keys) implements PluginMessage {

    public CommitWrites {
        keys = List.copyOf(keys);
        if (txn == null || attempt < 0 || version == null || keys.isEmpty()) {
            throw new IllegalArgumentException("a commit names its transaction, attempt, version and keys");
        }
    }

    @Override
    public BaselineMessageType type() {
        return BaselineMessageType.COMMIT_WRITES;
    }
}
