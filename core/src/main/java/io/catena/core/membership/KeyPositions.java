package io.catena.core.membership;

import io.catena.core.data.ChainKey;

/**
 * Where a chain key sits in a store's own order of keys: Cassandra's Murmur3 token of its
 * partition key, HBase's row key, or a stable hash for a store that has no order of its own.
 * Positions compare as unsigned bytes ({@link java.util.Arrays#compareUnsigned(byte[], byte[])}).
 *
 * <p>A pure function: every process of a region computes the same position for a key, so that
 * an {@link OwnershipMap} shipped from one node places the key alike on all of them.
 */
public interface KeyPositions {

    /** The name of the scheme (for example {@code hash}); maps of two schemes never mix. */
    String scheme();

    /** The key's position; never null, may be empty. */
    byte[] positionOf(ChainKey key);
}
