package io.catena.coordinator.schedule;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The static conflict classification of one execution epoch: every transaction's cluster, which
 * keys are contended, and which of a transaction's keys it contends on.
 */
public record EpochClassification(long epoch, List<ScheduledTxn> txns, List<ConflictCluster> clusters,
                                  Map<TxnId, ConflictCluster> clusterOf, Set<ChainKey> contendedKeys) {

    public boolean contended(ChainKey key) {
        return contendedKeys.contains(key);
    }

    public ConflictCluster cluster(TxnId txn) {
        return clusterOf.get(txn);
    }

    public long conflictingTxnCount() {
        return txns.stream().filter(t -> clusterOf.get(t.id()).conflicting()).count();
    }
}
