package io.catena.core.rlog;

import io.catena.core.id.RegionId;
import java.util.Arrays;

/**
 * One epoch per region, e.g. "the records of region i this region holds, through epoch v[i]".
 * Immutable; compares by value.
 */
public final class EpochVector {

    private final long[] epochs;

    private EpochVector(long[] epochs) {
        this.epochs = epochs;
    }

    public static EpochVector zeros(int regions) {
        return new EpochVector(new long[regions]);
    }

    public static EpochVector of(long... epochs) {
        return new EpochVector(epochs.clone());
    }

    public int size() {
        return epochs.length;
    }

    public long get(RegionId region) {
        return epochs[region.index()];
    }

    public long get(int region) {
        return epochs[region];
    }

    public EpochVector with(RegionId region, long epoch) {
        long[] next = epochs.clone();
        next[region.index()] = epoch;
        return new EpochVector(next);
    }

    /** Element-wise maximum. */
    public EpochVector max(EpochVector other) {
        long[] next = epochs.clone();
        for (int i = 0; i < next.length; i++) {
            next[i] = Math.max(next[i], other.epochs[i]);
        }
        return new EpochVector(next);
    }

    public long min() {
        long m = Long.MAX_VALUE;
        for (long e : epochs) {
            m = Math.min(m, e);
        }
        return m;
    }

    public long[] toArray() {
        return epochs.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EpochVector v && Arrays.equals(epochs, v.epochs);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(epochs);
    }

    @Override
    public String toString() {
        return Arrays.toString(epochs);
    }
}
