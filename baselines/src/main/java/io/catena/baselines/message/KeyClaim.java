package io.catena.baselines.message;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.txn.Access;

/**
 * One chain key a baseline transaction claims at a region: how it uses the key and, when it ran
 * optimistically, the version of the key it observed (null when it asks for a lock first).
 */
public record KeyClaim(ChainKey key, Access access, Version observed) {

    public KeyClaim {
        if (key == null || access == null) {
            throw new IllegalArgumentException("a claim names a chain key and how it is used");
        }
    }
}
