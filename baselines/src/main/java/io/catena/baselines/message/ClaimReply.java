package io.catena.baselines.message;

import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.message.PluginMessage;
import java.util.List;

/**
 * A region's answer to {@link ClaimKeys}. With a 2PL grant or an OCC refusal, {@code versions}
 * holds, for each claimed key in order, the newest version this region knows the key at (applied
 * or on its way), which the home must have applied before it reads the key (2PL) or runs the
 * transaction again (OCC); otherwise it is empty.
 */
public record ClaimReply(TxnId txn, int attempt, ClaimVerdict verdict, List<Version> versions) implements PluginMessage {

    public ClaimReply {
        versions = List.copyOf(versions);
        if (txn == null || attempt < 0 || verdict == null) {
            throw new IllegalArgumentException("a claim reply names its transaction, attempt and verdict");
        }
    }

    @Override
    public BaselineMessageType type() {
        return BaselineMessageType.CLAIM_REPLY;
    }
}
