package io.catena.baselines.message;

import io.catena.core.id.TxnId;
import io.catena.core.message.PluginMessage;
import java.util.List;

/**
 * Comparison baselines (Paxos Commit over 2PL or OCC), from a transaction's home coordinator to
 * every region's: lock these keys for the attempt (2PL), or validate that they are still at the
 * observed versions and reserve the written ones (OCC). {@code txn} orders transactions by age for
 * wound-wait; {@code attempt} tells a restart from messages of the attempt it replaced.
 */
public record ClaimKeys(TxnId txn, int attempt, List<KeyClaim> claims) implements PluginMessage {

    public ClaimKeys {
        claims = List.copyOf(claims);
        if (txn == null || attempt < 0 || claims.isEmpty()) {
            throw new IllegalArgumentException("a claim names a transaction, an attempt and at least one key");
        }
    }

    @Override
    public BaselineMessageType type() {
        return BaselineMessageType.CLAIM_KEYS;
    }
}
