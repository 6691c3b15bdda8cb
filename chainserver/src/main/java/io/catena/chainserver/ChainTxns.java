package io.catena.chainserver;

import io.catena.catenae.message.PeerVersion;
import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The unfinished transactions with footprints on this chain server, one {@link ChainTxn} each.
 * Looked up by id only, never iterated, so a hash map keeps the server deterministic.
 */
final class ChainTxns {

    private final Map<TxnId, ChainTxn> txns = new HashMap<>();
    private final TxnPlanner planner;

    ChainTxns(TxnPlanner planner) {
        this.planner = planner;
    }

    /** The transaction, or null if it has no footprints here (never had, or finalized and forgotten). */
    ChainTxn get(TxnId txn) {
        return txns.get(txn);
    }

    /** The transaction a footprint being laid belongs to. */
    ChainTxn footprinted(TxnId txn) {
        return txns.computeIfAbsent(txn, ChainTxn::new);
    }

    /**
     * The chain of a transaction, or null if its spec is invalid. A pass may arrive for a transaction
     * with no footprints here (a re-driven pass after it was finalized): its plan is not kept.
     */
    TxnPlan plan(TxnId txn, TxnSpec spec) {
        ChainTxn t = txns.get(txn);
        if (t != null && t.plan != null) {
            return t.plan;
        }
        TxnPlanner.Planned planned = planner.plan(spec);
        if (!planned.valid()) {
            return null;
        }
        if (t != null) {
            t.plan = planned.plan();
        }
        return planned.plan();
    }

    /**
     * A commit pass tells the transaction's decided version and those of its peers on contended
     * keys; only transactions with footprints here are ever waited on, so only theirs are kept.
     */
    void decided(TxnId txn, Version version, List<PeerVersion> peers) {
        ChainTxn t = txns.get(txn);
        if (t != null) {
            t.version = version;
        }
        for (PeerVersion p : peers) {
            ChainTxn peer = txns.get(p.txn());
            if (peer != null && peer.version == null) {
                peer.version = p.version();
            }
        }
    }

    /** Forgets a transaction finalized here, and the epochs on its keys that it was the last to finish. */
    void forget(TxnId txn) {
        ChainTxn t = txns.remove(txn);
        if (t != null) {
            for (KeyState ks : t.keys) {
                ks.dropFinishedEpochs();
            }
        }
    }
}
