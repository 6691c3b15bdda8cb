package io.catena.coordinator.rlog;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.BatchRef;

/**
 * Says, in words, what keeps a region from scheduling an epoch: the record it waits for, whether
 * that record is undecided or included but not held here, how far its log and each other region's
 * got here, and how each other region voted on it. Printed when a region does not settle, so that
 * a stall names its cause instead of showing as a timeout.
 */
public final class ScheduleWait {

    private ScheduleWait() {
    }

    /** What {@code epoch} waits for, or null if every origin's record of it is decided and held. */
    public static String describe(ClusterConfig config, long epoch, ReplicatedLog log, InclusionTracker inclusion) {
        for (RegionId origin : config.regionIds()) {
            BatchRef ref = new BatchRef(origin, epoch);
            Inclusion d = inclusion.decide(ref);
            if (d == Inclusion.UNDECIDED || (d == Inclusion.INCLUDED && !log.holds(ref))) {
                StringBuilder s = new StringBuilder("epoch ").append(epoch).append(" waits for the record of ")
                        .append(config.regionName(origin)).append(": ")
                        .append(d == Inclusion.UNDECIDED ? "undecided" : "included but not held here")
                        .append(" (held here through epoch ").append(log.heldThrough(origin))
                        .append(log.unheld(ref) != null ? "; it arrived and is being persisted" : "").append(')');
                for (RegionId voter : config.regionIds()) {
                    if (voter.equals(origin)) {
                        continue;
                    }
                    s.append("; ").append(config.regionName(voter))
                            .append(inclusion.votedToAbandon(voter, ref) ? " voted to abandon it"
                                    : inclusion.holds(voter, ref) ? " holds it" : " neither holds nor abandoned it")
                            .append(" (its log here: ").append(log.progress(voter)).append("; its receipts of ")
                            .append(config.regionName(origin)).append(" through ")
                            .append(inclusion.receiptThrough(voter, origin)).append(')');
                }
                return s.append("; receipts here ").append(log.receipts()).toString();
            }
        }
        return null;
    }
}
