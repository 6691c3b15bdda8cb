package io.catena.core.txn;

import io.catena.core.data.ChainKey;

/** One step of a transaction chain: the chain key it touches and how. */
public record Hop(ChainKey key, Access access) {

    public Hop {
        if (key == null || access == null) {
            throw new IllegalArgumentException("a hop needs a chain key and an access mode");
        }
    }
}
