package io.catena.coordinator.rlog;

import io.catena.coordinator.CoordinatorContext;
import io.catena.core.id.RegionId;

/**
 * When this region stops waiting for another region's record of an epoch and votes to abandon it
 * (majority mode). Two things must hold: the deadline has passed, which is the delay tolerance
 * after the epoch's end, or longer for an origin whose records have been arriving later than that
 * ({@link DelayEstimate} over how late each record first arrived); and the origin looks gone for
 * this record, not merely behind: either a later record of it has arrived (this one is a gap), or
 * none of its records has arrived for that long.
 *
 * <p>Both conditions come from real runs. An origin ships a record only once its own store has
 * persisted it, so on a loaded store its records arrive its append time after the epoch's end; with
 * a fixed tolerance the others abandoned nearly every record of a healthy but slow region (the
 * simulator's bank workload at f = 1 with 0.2–1.5 s storage calls committed 16 of 136
 * transactions). And a vote to abandon a live region's record cannot be taken back: with three
 * regions and f = 1, that record is then decided only once the third region votes too, so when
 * that region's store failed, the other two stalled for its whole outage on a record of their own
 * that one of them had given up on while the stores were slow at start (HBase, end to end). A
 * region that is still heard from is waited for, as every region is with f = 0.
 *
 * <p>When a vote is cast is each region's own choice, so this is safe whatever it decides; a
 * region that falls silent, or is not heard from at all after this coordinator starts, is given up
 * on within {@link DelayEstimate#MAX_FACTOR} tolerances.
 */
public final class AbandonDeadline {

    private final CoordinatorContext ctx;
    /** By origin: how late after its epoch's end a record first arrived here. */
    private final DelayEstimate[] lateness;
    /** By origin: when a record of it last arrived here for the first time. */
    private final long[] lastArrivalMicros;
    /** By origin: the highest epoch of its records that has arrived here (0: none yet). */
    private final long[] highestArrived;
    /** When this coordinator first asked; an origin not heard from since gets the longest wait. */
    private long firstAskedMicros = -1;

    public AbandonDeadline(CoordinatorContext ctx) {
        this.ctx = ctx;
        this.lateness = new DelayEstimate[ctx.regions()];
        for (int o = 0; o < lateness.length; o++) {
            lateness[o] = new DelayEstimate(ctx.config.delayToleranceMicros());
        }
        this.lastArrivalMicros = new long[ctx.regions()];
        this.highestArrived = new long[ctx.regions()];
    }

    /** Another region's record of {@code epoch} arrived here for the first time. */
    public void onArrival(RegionId origin, long epoch, long nowMicros) {
        if (origin.equals(ctx.region)) {
            return;
        }
        int o = origin.index();
        lateness[o].observe(nowMicros - ctx.epochs.endMicros(epoch));
        lastArrivalMicros[o] = nowMicros;
        highestArrived[o] = Math.max(highestArrived[o], epoch);
    }

    /** Whether this region gives up now on {@code origin}'s record of {@code epoch}, if it has not taken it. */
    boolean passed(RegionId origin, long epoch, long nowMicros) {
        if (firstAskedMicros < 0) {
            firstAskedMicros = nowMicros;
        }
        int o = origin.index();
        long waitMicros = lateness[o].waitMicros();
        if (ctx.epochs.endMicros(epoch) + waitMicros > nowMicros) {
            return false;
        }
        if (highestArrived[o] == 0) {
            // Nothing heard yet: at start a store's first appends can take seconds.
            return nowMicros - firstAskedMicros >= ctx.config.delayToleranceMicros() * DelayEstimate.MAX_FACTOR;
        }
        return highestArrived[o] > epoch || nowMicros - lastArrivalMicros[o] >= waitMicros;
    }
}
