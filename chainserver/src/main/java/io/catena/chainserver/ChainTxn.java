package io.catena.chainserver;

import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One transaction on this chain server, from the forward pass laying its footprints here until it
 * is finalized here: everything the server knows of it beyond its footprint on each key.
 * Owned by the chain server's thread.
 */
final class ChainTxn {

    final TxnId id;
    /** The keys it has footprints on here, in the order they were laid: finalization visits them so. */
    final List<KeyState> keys = new ArrayList<>(3);
    /** Its chain, planned once its first pass arrives (every region plans a spec identically). */
    TxnPlan plan;
    /** Its decided version, once a commit pass of it or of a peer on a contended key told. */
    Version version;
    /** What each of its hops here read and produced speculatively, by hop index. */
    private Map<Integer, HopSpeculation> speculation;

    ChainTxn(TxnId id) {
        this.id = id;
    }

    void laidOn(KeyState ks) {
        if (!keys.contains(ks)) {
            keys.add(ks);
        }
    }

    void speculated(int hop, HopSpeculation run) {
        if (speculation == null) {
            speculation = new HashMap<>(4);
        }
        speculation.put(hop, run);
    }

    /** The speculative run of {@code hop}, or null if it did not run here. */
    HopSpeculation speculation(int hop) {
        return speculation == null ? null : speculation.get(hop);
    }
}
