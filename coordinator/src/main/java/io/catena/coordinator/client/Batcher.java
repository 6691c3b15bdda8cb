package io.catena.coordinator.client;

import io.catena.coordinator.CoordinatorContext;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.EncodedSize;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Batches the transactions this region receives by epoch (Catenae §V-C). Transactions queue in
 * arrival order, each stamped with the epoch it arrived in; closing an epoch takes the oldest of
 * them that arrived by then, as many as fit in the record's byte budget. The rest wait, in order,
 * for the next epochs' records: nothing is lost or reordered, a burst only spreads over epochs.
 *
 * <p>A transaction gets its id when its record takes it: {@code TxnId(epoch of that record,
 * region, position in it)}. Its arrival offset is where in that epoch it arrived, or 0 if it
 * arrived in an earlier epoch, so that every region replays the waiting ones first, as they came.
 *
 * <p>Cancellations of requests (outcome lookups, {@link OutcomeLookups}) queue too, in their own
 * order, and go into the next record that has room for them.
 */
public final class Batcher {

    private record Arrival(long epoch, RequestId request, TxnSpec spec, int offsetMicros, long sizeBytes,
                           long lastStartMicros) {
    }

    private final CoordinatorContext ctx;
    private final ArrayDeque<Arrival> queue = new ArrayDeque<>();
    private final ArrayDeque<RequestId> cancels = new ArrayDeque<>();
    private final List<RequestId> late = new ArrayList<>();
    private long queuedBytes;
    private long firstOpenEpoch;
    /** The last epoch whose record took no transactions because of backpressure (0: none). */
    private long heldBackThrough;

    public Batcher(CoordinatorContext ctx, long firstOpenEpoch) {
        this.ctx = ctx;
        this.firstOpenEpoch = firstOpenEpoch;
    }

    /**
     * Queues a transaction in the epoch {@code nowMicros} falls in (never a closed one);
     * {@code sizeBytes} is what it takes in a record, at most the record budget of any close.
     * {@code issuedMicros} is when its client first sent it: it never goes into the record of an
     * epoch that starts more than {@link CopyWindow#span} after that ({@link #takeLate}).
     */
    public void add(long nowMicros, RequestId request, TxnSpec spec, long sizeBytes, long issuedMicros) {
        long epoch = Math.max(ctx.epochs.epochAt(nowMicros), firstOpenEpoch);
        int offset = (int) Math.max(0, Math.min(ctx.epochs.lengthMicros() - 1, nowMicros - ctx.epochs.startMicros(epoch)));
        queue.addLast(new Arrival(epoch, request, spec, offset, sizeBytes,
                CopyWindow.lastStartMicros(issuedMicros, ctx.epochs.lengthMicros())));
        queuedBytes += sizeBytes;
    }

    /**
     * Closes an epoch and returns its batch, oldest arrival first: the queued transactions that
     * arrived by its end, up to {@code budgetBytes}. It stops at the first that does not fit, so
     * transactions are logged in arrival order.
     */
    public List<TxnEntry> close(long epoch, long budgetBytes) {
        firstOpenEpoch = Math.max(firstOpenEpoch, epoch + 1);
        List<TxnEntry> batch = new ArrayList<>();
        long left = budgetBytes;
        long startMicros = ctx.epochs.startMicros(epoch);
        while (!queue.isEmpty() && queue.peekFirst().epoch() <= epoch && queue.peekFirst().sizeBytes() <= left) {
            Arrival a = queue.pollFirst();
            queuedBytes -= a.sizeBytes();
            if (startMicros > a.lastStartMicros()) {
                ctx.stats.lateCopies++;
                late.add(a.request());
                continue;
            }
            left -= a.sizeBytes();
            int offset = a.epoch() == epoch ? a.offsetMicros() : 0;
            if (a.epoch() < epoch && a.epoch() > heldBackThrough) {
                ctx.stats.txnsDeferred++;
            }
            batch.add(new TxnEntry(new TxnId(epoch, ctx.region, batch.size()), a.request(), offset, a.spec()));
        }
        if (!queue.isEmpty() && queue.peekFirst().epoch() <= epoch) {
            ctx.stats.recordsFull++;
        }
        return batch;
    }

    /**
     * Closes an epoch whose record takes no transactions ({@link Backpressure}): everything queued
     * waits, in order, for a later record.
     */
    public List<TxnEntry> holdBack(long epoch) {
        firstOpenEpoch = Math.max(firstOpenEpoch, epoch + 1);
        heldBackThrough = epoch;
        if (!queue.isEmpty()) {
            ctx.stats.recordsHeldBack++;
        }
        return List.of();
    }

    /**
     * The requests that waited here until their record would have started after their copy window
     * ({@link CopyWindow}): they were left out and are never logged by this queue; the list empties.
     */
    public List<RequestId> takeLate() {
        if (late.isEmpty()) {
            return List.of();
        }
        List<RequestId> taken = List.copyOf(late);
        late.clear();
        return taken;
    }

    /** Queues a cancellation of {@code request} for the next record. */
    public void cancel(RequestId request) {
        cancels.addLast(request);
    }

    /**
     * The oldest queued cancellations that fit in {@code budgetBytes} ({@link EncodedSize#cancels}),
     * taken for the record being closed; the rest wait for the next.
     */
    public List<RequestId> takeCancels(long budgetBytes) {
        List<RequestId> taken = new ArrayList<>();
        while (!cancels.isEmpty() && EncodedSize.cancels(taken.size() + 1) <= budgetBytes) {
            taken.add(cancels.pollFirst());
        }
        return taken;
    }

    /** The epoch of the next record this region closes: what is queued now goes into it at the earliest. */
    public long openEpoch() {
        return firstOpenEpoch;
    }

    /** After a restart: epochs through {@code epoch} are closed already. */
    public void closedThrough(long epoch) {
        firstOpenEpoch = Math.max(firstOpenEpoch, epoch + 1);
    }

    /** Transactions waiting for a record. */
    public int queued() {
        return queue.size();
    }

    /** What the waiting transactions will take in records. */
    public long queuedBytes() {
        return queuedBytes;
    }
}
