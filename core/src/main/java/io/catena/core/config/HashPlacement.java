package io.catena.core.config;

import io.catena.core.data.ChainKey;

/**
 * Spreads chain keys over {@code servers} chain servers by a stable 64-bit hash (FNV-1a with a
 * final mix), the same in every JVM and every region.
 */
public record HashPlacement(int servers) implements Placement {

    public HashPlacement {
        if (servers < 1) {
            throw new IllegalArgumentException("a region needs at least one chain server");
        }
    }

    @Override
    public int serverFor(ChainKey key) {
        return hashSlot(key, servers);
    }

    /** The key's slot among {@code slots} by the stable hash. */
    static int hashSlot(ChainKey key, int slots) {
        long h = 0xcbf29ce484222325L;
        h = mix(h, key.table());
        h = (h ^ 0xff) * 0x100000001b3L;
        h = mix(h, key.partition());
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return (int) Long.remainderUnsigned(h, slots);
    }

    private static long mix(long h, String s) {
        for (int i = 0; i < s.length(); i++) {
            h = (h ^ s.charAt(i)) * 0x100000001b3L;
        }
        return h;
    }
}
