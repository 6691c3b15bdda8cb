package io.catena.core.rlog;

import io.catena.core.id.RegionId;
import java.util.Comparator;

/** Names one region's record of one epoch. */
public record BatchRef(RegionId origin, long epoch) implements Comparable<BatchRef> {

    private static final Comparator<BatchRef> ORDER = Comparator.comparingLong(BatchRef::epoch)
            .thenComparing(BatchRef::origin);

    @Override
    public int compareTo(BatchRef other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return origin + "@" + epoch;
    }
}
