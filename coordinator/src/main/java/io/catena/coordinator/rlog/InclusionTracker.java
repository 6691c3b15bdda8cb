package io.catena.coordinator.rlog;

import io.catena.core.id.RegionId;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Decides which records make up the replicated log when regions may be cut off (majority mode).
 *
 * <p>Every region votes on every other region's record of every epoch, once: holding it before
 * its deadline (shown by the receipts in the voter's own records) is a vote to include it, giving
 * up on it at the deadline is a vote to abandon it. With fault tolerance {@code f} among
 * {@code n} regions, a record is <em>included</em> once {@code f} regions other than its origin
 * hold it, and <em>abandoned</em> once {@code n - f} regions other than its origin voted to abandon
 * it. The two thresholds sum to more than the {@code n - 1} possible voters, so no record can be
 * both, whoever counts; with {@code f = 0} nothing is ever abandoned and every region waits for
 * every record, as the paper's default mode does.
 *
 * <p>An origin answers clients from its own record only once it is included, i.e. once {@code f}
 * other regions hold it: the record can then never be abandoned, so no answer is ever undone.
 *
 * <p>Votes must be fed per voter in the voter's log order (abandons before later receipts), which
 * is the order in which a region processes another region's records. Pure; not thread-safe.
 */
public final class InclusionTracker {

    private final int regions;
    private final int faultTolerance;
    private final long[][] receiptThrough;
    private final List<Set<BatchRef>> abandonedBy = new ArrayList<>();

    public InclusionTracker(int regions, int faultTolerance) {
        if (faultTolerance < 0 || faultTolerance > (regions - 1) / 2) {
            throw new IllegalArgumentException("fault tolerance " + faultTolerance + " impossible with "
                    + regions + " regions");
        }
        this.regions = regions;
        this.faultTolerance = faultTolerance;
        this.receiptThrough = new long[regions][regions];
        for (int i = 0; i < regions; i++) {
            abandonedBy.add(new HashSet<>());
        }
    }

    /** Voter's receipts as logged in its record (cumulative: only ever raised). */
    public void onReceipts(RegionId voter, EpochVector receipts) {
        long[] row = receiptThrough[voter.index()];
        for (int i = 0; i < regions; i++) {
            row[i] = Math.max(row[i], receipts.get(i));
        }
    }

    /** Voter's vote to abandon a record, as logged. Ignored if the voter already holds it. */
    public void onAbandon(RegionId voter, BatchRef ref) {
        if (!holds(voter, ref)) {
            abandonedBy.get(voter.index()).add(ref);
        }
    }

    public boolean holds(RegionId voter, BatchRef ref) {
        return receiptThrough[voter.index()][ref.origin().index()] >= ref.epoch();
    }

    /** The last epoch of {@code origin} that {@code voter}'s logged receipts show it holding. */
    public long receiptThrough(RegionId voter, RegionId origin) {
        return receiptThrough[voter.index()][origin.index()];
    }

    public boolean votedToAbandon(RegionId voter, BatchRef ref) {
        return abandonedBy.get(voter.index()).contains(ref);
    }

    public Inclusion decide(BatchRef ref) {
        if (faultTolerance == 0) {
            return Inclusion.INCLUDED;
        }
        int holders = 0;
        int abandoners = 0;
        for (int voter = 0; voter < regions; voter++) {
            if (voter == ref.origin().index()) {
                continue;
            }
            if (abandonedBy.get(voter).contains(ref)) {
                abandoners++;
            } else if (receiptThrough[voter][ref.origin().index()] >= ref.epoch()) {
                holders++;
            }
        }
        if (holders >= faultTolerance) {
            return Inclusion.INCLUDED;
        }
        if (abandoners >= regions - faultTolerance) {
            return Inclusion.ABANDONED;
        }
        return Inclusion.UNDECIDED;
    }

    /** Forgets abandon votes at or below an epoch every region has decided and applied. */
    public void forgetThrough(long epoch) {
        for (Set<BatchRef> s : abandonedBy) {
            s.removeIf(ref -> ref.epoch() <= epoch);
        }
    }
}
