package io.catena.core.membership;

import io.catena.core.data.ChainKey;

/**
 * Positions for a store with no order of its own (the embedded store): the key's stable 64-bit
 * hash (FNV-1a with a final mix, the same in every JVM), as eight big-endian bytes, so that ranges
 * of positions are ranges of the hash.
 */
public final class HashPositions implements KeyPositions {

    public static final String SCHEME = "hash";
    public static final HashPositions INSTANCE = new HashPositions();

    private HashPositions() {
    }

    @Override
    public String scheme() {
        return SCHEME;
    }

    @Override
    public byte[] positionOf(ChainKey key) {
        long h = hash(key);
        byte[] position = new byte[8];
        for (int i = 7; i >= 0; i--) {
            position[i] = (byte) h;
            h >>>= 8;
        }
        return position;
    }

    /** The key's stable hash, as an unsigned 64-bit value. */
    public static long hash(ChainKey key) {
        long h = 0xcbf29ce484222325L;
        h = mix(h, key.table());
        h = (h ^ 0xff) * 0x100000001b3L;
        h = mix(h, key.partition());
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }

    private static long mix(long h, String s) {
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100000001b3L;
        }
        return h;
    }
}
