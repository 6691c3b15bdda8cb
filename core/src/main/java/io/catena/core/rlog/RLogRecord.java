package io.catena.core.rlog;

import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
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
 *       region (bounds garbage collection);</li>
 *   <li>{@code cancels}: requests its clients asked the outcome of and no transaction carried yet;
 *       each counts as the request's carrier after this record's transactions, so that a later
 *       transaction of the request is a duplicate that never runs (docs/PROTOCOL.md, "Outcome
 *       lookup").</li>
 * </ul>
 * Records are immutable once written: a region persists a record before it ships it, and a
 * successor coordinator continues from the persisted log, so a region never votes twice.
 */
public record RLogRecord(RegionId origin, long epoch, List<TxnEntry> txns, EpochVector receipts,
                         List<BatchRef> abandons, List<KeyOrderVote> votes, Version appliedThrough,
                         List<RequestId> cancels) {

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
        cancels = cancels == null ? List.of() : List.copyOf(cancels);
    }

    /** A record that cancels no request. */
    public RLogRecord(RegionId origin, long epoch, List<TxnEntry> txns, EpochVector receipts,
                      List<BatchRef> abandons, List<KeyOrderVote> votes, Version appliedThrough) {
        this(origin, epoch, txns, receipts, abandons, votes, appliedThrough, List.of());
    }

    public BatchRef ref() {
        return new BatchRef(origin, epoch);
    }

    /**
     * Approximate size on the wire, for cost accounting and figures; what must fit in a budget is
     * measured by {@link EncodedSize#record}, an upper bound.
     */
    public int approximateSizeBytes() {
        int size = 32 + receipts.size() * 8 + abandons.size() * 12 + cancels.size() * 16;
        for (TxnEntry t : txns) {
            size += 40 + SpecSize.of(t.spec());
        }
        for (KeyOrderVote v : votes) {
            size += 16 + v.key().sizeBytes() + v.order().size() * 16;
        }
        return size;
    }
}
