package io.catena.coordinator.client;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.RLogRecord;
import java.util.Arrays;

/**
 * When this region takes new transactions into its records: only while the regions it waits for
 * are not too far behind in executing what was admitted already. Every region executes every
 * transaction, but a region's clients wait only for their own region, and a region commits on the
 * others' records, which they send on their clocks whatever their backlog. So a region whose
 * clients are answered fast (the one epoch offsets serve best) admitted transactions faster than
 * the others executed them, and their backlogs grew without limit while their own clients waited
 * on them (docs/PROTOCOL.md, "Backpressure").
 *
 * <p>A region's <em>backlog</em> is the epochs it has scheduled and not yet applied (applied: every
 * transaction finalized and every answer to its own clients durable). It is what the region's own
 * state says, not its clock: it leaves out the wait for the others' records, and with nothing
 * admitted it falls to nothing, since an empty epoch is applied as soon as it is scheduled; so
 * holding admissions back always ends. This region knows its own backlog exactly, and the others'
 * from their latest records: a record of epoch {@code e} carries the region's applied-through
 * point and its receipts, and the region can have scheduled no epoch past {@code e}, nor past
 * what it held of every region but the {@code f} it held least of; nor, in majority mode, past the
 * records it knew to be included, which it learns a record exchange after they are held (on slow
 * stores, seconds). That wait is the same in every region, so this region takes its own — what it
 * holds of all but {@code f} regions, less what it has scheduled — off the others' estimates.
 *
 * <p>A record takes new transactions only while the backlogs, the {@code f} largest left out, are
 * all within {@link #boundEpochs}. With {@code f = 0} that is every region's. In majority mode the
 * cluster goes at the pace of its {@code N - f} fastest regions, as its commits do: the others,
 * silent or slow, catch up when the load allows, as a region back from an outage does, rather
 * than hold every region's admissions for as long.
 *
 * <p>Holding transactions back is a local choice of the origin, like a record's size limit: they
 * wait in order in the {@link Batcher} and go into a later record, whose epoch every region reads
 * from the log alike. It affects latency, never outcomes. Pure bookkeeping: one thread, no clock.
 */
public final class Backpressure {

    /**
     * The bound: half a second of epochs, and at least {@value #MIN_BOUND_EPOCHS} epochs. Far below
     * the 3 s after which a coordinator re-drives a stalled commit pass and the 30 s dedup window,
     * which both take a region's execution to be prompt; above what a healthy region carries (an
     * epoch with a conflicting transaction waits about a round trip for its order's votes).
     */
    static final long BOUND_MICROS = 500_000;
    static final long MIN_BOUND_EPOCHS = 20;

    private final int faultTolerance;
    private final long boundEpochs;
    /**
     * By region: its backlog as this region knows it (for the others, before this region's own
     * wait to decide is taken off), and the epoch of the record that reported it.
     */
    private final long[] backlog;
    private final long[] reportedIn;
    private int self = -1;
    /** Epochs this region holds of all but {@code f} regions and has not scheduled yet. */
    private long decideWait;

    public Backpressure(ClusterConfig config) {
        this.faultTolerance = config.faultTolerance();
        this.boundEpochs = Math.max(ceilDiv(BOUND_MICROS, config.epochLengthMicros()), MIN_BOUND_EPOCHS);
        this.backlog = new long[config.regionCount()];
        this.reportedIn = new long[config.regionCount()];
    }

    /** The largest backlog, in epochs, at which a region still admits transactions. */
    public long boundEpochs() {
        return boundEpochs;
    }

    /**
     * A record of another region became held here: that region's backlog as it reports it. (This
     * region's own records are left out: {@link #onOwn} knows better.)
     */
    public void onRecord(RLogRecord record, RegionId self) {
        int r = record.origin().index();
        if (record.origin().equals(self) || record.epoch() <= reportedIn[r]) {
            return;
        }
        reportedIn[r] = record.epoch();
        long scheduledAtMost = Math.min(record.epoch(), heldOfAllBut(record.receipts(), faultTolerance));
        backlog[r] = scheduledAtMost - record.appliedThrough().epoch();
    }

    /**
     * This region's state now, as {@code self}: what it holds of every region ({@code receipts}),
     * and through which epochs it has scheduled and applied; returns its own backlog.
     */
    public long onOwn(RegionId self, EpochVector receipts, long scheduledThrough, long appliedThrough) {
        this.self = self.index();
        decideWait = Math.max(0, heldOfAllBut(receipts, faultTolerance) - scheduledThrough);
        backlog[this.self] = Math.max(0, scheduledThrough - appliedThrough);
        return backlog[this.self];
    }

    /** Whether this region's next record may take transactions. */
    public boolean admits() {
        return pacingBacklog() <= boundEpochs;
    }

    /** The backlog admissions go by: the largest but the {@code f} largest. */
    public long pacingBacklog() {
        long[] known = new long[backlog.length];
        for (int r = 0; r < backlog.length; r++) {
            known[r] = r == self ? backlog[r] : Math.max(0, backlog[r] - decideWait);
        }
        Arrays.sort(known);
        return known[Math.max(0, known.length - 1 - faultTolerance)];
    }

    /**
     * The epoch through which a region held the records of every region but the {@code f} it held
     * least of: in majority mode the others' records may be abandoned rather than held.
     */
    static long heldOfAllBut(EpochVector receipts, int f) {
        long[] held = receipts.toArray();
        Arrays.sort(held);
        return held[Math.min(f, held.length - 1)];
    }

    private static long ceilDiv(long a, long b) {
        return (a + b - 1) / b;
    }
}
