package io.catena.core.id;

import java.util.Comparator;

/**
 * Identity of a read-write transaction inside the protocol: the region that received it, the
 * epoch of the batch it was received in, and its position in that batch.
 *
 * <p>A coordinator persists each batch before it ships it and never reuses an epoch, so these
 * ids are unique without any coordination, and a successor coordinator cannot mint one twice.
 * The natural order (epoch, region, position) is the canonical order the protocol falls back to
 * wherever it needs a deterministic tie-break.
 */
public record TxnId(long epoch, RegionId origin, int position) implements Comparable<TxnId> {

    private static final Comparator<TxnId> ORDER = Comparator.comparingLong(TxnId::epoch)
            .thenComparing(TxnId::origin)
            .thenComparingInt(TxnId::position);

    public TxnId {
        if (origin == null) {
            throw new IllegalArgumentException("origin region is required");
        }
        if (epoch < 0 || position < 0) {
            throw new IllegalArgumentException("epoch and position must be non-negative");
        }
    }

    @Override
    public int compareTo(TxnId other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return "T" + epoch + "." + origin.index() + "." + position;
    }
}
