package io.catena.core.rlog;

import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import java.util.List;

/**
 * What one region logged in one epoch, shipped to every other region and persisted by all:
 * <ul>
 *   <li>{@code txns}: the transactions it received (its batch for this epoch);</li>
 *   <li>{@code receipts}: the records it held of every region when it closed the epoch; holding a
 *       record before its deadline is a vote to include it;</li>
 *   <li>{@code abandons}: records it gave up waiting for (votes to abandon them, majority mode
 *       only);</li>
 *   <li>{@code votes}: its speculative order on conflict keys of executed epochs;</li>
 *   <li>{@code appliedThrough}: every transaction at or below this version is applied in the
 *       region (bounds garbage collection).</li>
 * </ul>
 * Records are immutable once written: a region persists a record before it ships it, and a
 * successor coordinator continues from the persisted log, so a region never votes twice.
 */
public record RLogRecord(RegionId origin, long epoch, List<TxnEntry> txns, EpochVector receipts,
                         List<BatchRef> abandons, List<KeyOrderVote> votes, Version appliedThrough) {

    public RLogRecord {
        if (origin == null || receipts == null || appliedThrough == null) {
            throw new IllegalArgumentException("a record has an origin, receipts and an applied-through version");
        }
        if (epoch < 1) {
            throw new IllegalArgumentException("epochs start at 1: " + epoch);
        }
        txns = List.copyOf(txns);
        abandons = List.copyOf(abandons);
        votes = List.copyOf(votes);
    }

    public BatchRef ref() {
        return new BatchRef(origin, epoch);
    }

    /**
     * Approximate size on the wire, for cost accounting and figures; what must fit in a budget is
     * measured by {@link EncodedSize#record}, an upper bound.
     */
    public int approximateSizeBytes() {
        int size = 32 + receipts.size() * 8 + abandons.size() * 12;
        for (TxnEntry t : txns) {
            size += 40 + SpecSize.of(t.spec());
        }
        for (KeyOrderVote v : votes) {
            size += 16 + v.key().sizeBytes() + v.order().size() * 16;
        }
        return size;
    }
}
