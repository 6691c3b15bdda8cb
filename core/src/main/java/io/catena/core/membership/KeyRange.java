package io.catena.core.membership;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * The positions from {@code start} (inclusive) up to the next range's start, and who holds them:
 * a chain server's index in an {@link OwnershipMap}, a storage node's index in a
 * {@link StoreLayout}.
 */
public record KeyRange(byte[] start, int owner) {

    public KeyRange {
        if (start == null) {
            throw new IllegalArgumentException("a key range needs a start (empty for the first)");
        }
        if (owner < 0) {
            throw new IllegalArgumentException("a key range's owner is an index, not " + owner);
        }
        start = start.clone();
    }

    @Override
    public byte[] start() {
        return start.clone();
    }

    /** Compares {@code position} with this range's start, unsigned. */
    int compareStart(byte[] position) {
        return Arrays.compareUnsigned(start, position);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof KeyRange r && owner == r.owner && Arrays.equals(start, r.start);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(start) + owner;
    }

    @Override
    public String toString() {
        return "[" + HexFormat.of().formatHex(start) + "…)→" + owner;
    }
}
