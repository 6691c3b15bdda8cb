package io.catena.core.txn;

import io.catena.core.data.ChainKey;
import java.util.List;

/**
 * The chain of a valid transaction: its hops in execution order (the backward pass runs them in
 * this order; footprints are laid before any of them runs).
 */
public record TxnPlan(List<Hop> hops) {

    public TxnPlan {
        hops = List.copyOf(hops);
        if (hops.isEmpty()) {
            throw new IllegalArgumentException("a transaction touches at least one chain key");
        }
    }

    public int size() {
        return hops.size();
    }

    public Hop hop(int index) {
        return hops.get(index);
    }

    public int indexOf(ChainKey key) {
        for (int i = 0; i < hops.size(); i++) {
            if (hops.get(i).key().equals(key)) {
                return i;
            }
        }
        return -1;
    }

    public boolean writes() {
        for (Hop h : hops) {
            if (h.access().writes()) {
                return true;
            }
        }
        return false;
    }
}
