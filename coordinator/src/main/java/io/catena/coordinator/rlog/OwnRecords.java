package io.catena.coordinator.rlog;

import io.catena.coordinator.CoordinatorContext;
import io.catena.coordinator.client.Backpressure;
import io.catena.coordinator.client.Batcher;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EncodedSize;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.TxnEntry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Writes this region's log: at the end of every epoch, one record with the epoch's batch, the
 * region's receipts, its abandon votes (majority mode), the order votes its chain servers
 * reported since the last record, the cancellations of outcome lookups, and how far the region
 * has applied. A region votes on each
 * key of each epoch once, and never after the vote window; a successor coordinator learns what
 * was voted from the persisted records.
 *
 * <p>A record takes at most {@code maxRecordBytes} ({@link EncodedSize#record}). Votes (abandon
 * and order votes) and cancellations get at most half of what the record's own fields leave,
 * transactions the rest:
 * so the oldest waiting transaction, never larger than half, always fits, and a record is never
 * empty for lack of room. Whatever does not fit waits for the next record; a vote that waits past
 * its window is dropped, as a vote that came too late. While some region's backlog is above the
 * bound ({@link Backpressure}), records take no new transactions: they wait in the batcher, and
 * votes, cancellations and receipts go out as ever.
 */
public final class OwnRecords {

    /** Bounds the abandon votes of one record; the rest follow in the next. */
    private static final int MAX_ABANDONS_PER_RECORD = 1000;

    private final CoordinatorContext ctx;
    private final ReplicatedLog log;
    private final InclusionTracker inclusion;
    private final Batcher batcher;
    private final Backpressure backpressure;
    private final AbandonDeadline deadline;
    private final List<KeyOrderVote> pendingVotes = new ArrayList<>();
    private final Set<VoteKey> voted = new HashSet<>();
    private final long[] abandonedThrough;
    /** What a record leaves after its own fields, for votes and transactions. */
    private final long roomBytes;
    /** The votes' share of {@link #roomBytes}. */
    private final long voteRoomBytes;
    private long nextEpoch;

    public OwnRecords(CoordinatorContext ctx, ReplicatedLog log, InclusionTracker inclusion, Batcher batcher,
                      Backpressure backpressure, AbandonDeadline deadline, long firstEpoch) {
        this.ctx = ctx;
        this.log = log;
        this.inclusion = inclusion;
        this.batcher = batcher;
        this.backpressure = backpressure;
        this.deadline = deadline;
        this.nextEpoch = firstEpoch;
        this.abandonedThrough = new long[ctx.regions()];
        this.roomBytes = ctx.config.maxRecordBytes() - EncodedSize.recordSkeleton(ctx.regions());
        this.voteRoomBytes = roomBytes / 2;
    }

    /** The next epoch this region will close. */
    public long nextEpoch() {
        return nextEpoch;
    }

    public long nextCloseMicros() {
        return ctx.epochs.endMicros(nextEpoch);
    }

    /** Learns from a persisted own record what was already voted (after a restart). */
    public void restoreFrom(RLogRecord own) {
        nextEpoch = Math.max(nextEpoch, own.epoch() + 1);
        for (KeyOrderVote v : own.votes()) {
            voted.add(voteKey(v.epoch(), v.key()));
        }
        for (BatchRef ref : own.abandons()) {
            int o = ref.origin().index();
            abandonedThrough[o] = Math.max(abandonedThrough[o], ref.epoch());
        }
    }

    /** A chain server's order on a contended key becomes this region's vote, once. */
    public void offerVote(long epoch, ChainKey key, List<TxnId> order) {
        if (nextEpoch > epoch + ctx.config.voteWindowEpochs() || !voted.add(voteKey(epoch, key))) {
            return;
        }
        pendingVotes.add(new KeyOrderVote(epoch, key, order));
    }

    /** Closes every epoch that has ended by {@code nowMicros}. */
    public void closeDue(long nowMicros, Version appliedThrough) {
        while (ctx.epochs.endMicros(nextEpoch) <= nowMicros) {
            close(nextEpoch, nowMicros, appliedThrough);
            nextEpoch++;
        }
    }

    private void close(long epoch, long nowMicros, Version appliedThrough) {
        List<BatchRef> abandons = abandons(nowMicros,
                (int) Math.min(MAX_ABANDONS_PER_RECORD, voteRoomBytes / EncodedSize.BATCH_REF));
        long used = (long) abandons.size() * EncodedSize.BATCH_REF;
        List<KeyOrderVote> votes = new ArrayList<>();
        used += takeVotes(epoch, voteRoomBytes - used, votes);
        List<RequestId> cancels = batcher.takeCancels(voteRoomBytes - used);
        used += EncodedSize.cancels(cancels.size());
        List<TxnEntry> txns = backpressure.admits() ? batcher.close(epoch, roomBytes - used)
                : batcher.holdBack(epoch);
        RLogRecord record = new RLogRecord(ctx.region, epoch, txns, log.receipts(), abandons, votes, appliedThrough,
                cancels);
        log.offer(record, nowMicros);
    }

    /**
     * Moves the pending votes that fit in {@code budgetBytes} to {@code out}, in the order they
     * came, and returns their size; the others stay pending. Votes past their window are dropped;
     * so is a vote larger than any record could carry (its key is then decided without this
     * region's vote when the window closes).
     */
    private long takeVotes(long epoch, long budgetBytes, List<KeyOrderVote> out) {
        long used = 0;
        List<KeyOrderVote> waiting = new ArrayList<>();
        for (KeyOrderVote v : pendingVotes) {
            if (epoch > v.epoch() + ctx.config.voteWindowEpochs()) {
                continue;
            }
            long size = EncodedSize.vote(v);
            if (size > voteRoomBytes) {
                ctx.stats.votesTooLarge++;
            } else if (used + size <= budgetBytes) {
                out.add(v);
                used += size;
            } else {
                waiting.add(v);
            }
        }
        ctx.stats.votesDeferred += waiting.size();
        pendingVotes.clear();
        pendingVotes.addAll(waiting);
        return used;
    }

    /**
     * Majority mode: gives up on records whose origin looks gone for them ({@link AbandonDeadline}),
     * at most {@code limit} of them (the next record carries on). Records already decided either
     * way need no vote, and neither do records this region has taken with every earlier one of
     * their origin: it will hold them once its own store has written them, a vote to include.
     */
    private List<BatchRef> abandons(long nowMicros, int limit) {
        if (ctx.config.faultTolerance() == 0) {
            return List.of();
        }
        List<BatchRef> out = new ArrayList<>();
        for (RegionId origin : ctx.config.regionIds()) {
            if (origin.equals(ctx.region)) {
                continue;
            }
            int o = origin.index();
            long e = Math.max(log.takenThrough(origin), abandonedThrough[o]) + 1;
            while (out.size() < limit && deadline.passed(origin, e, nowMicros)) {
                BatchRef ref = new BatchRef(origin, e);
                if (inclusion.decide(ref) == Inclusion.UNDECIDED) {
                    out.add(ref);
                    // Counted here at once, before the record could arrive and be held: this region
                    // then reads its own vote exactly as every other region will read its log.
                    inclusion.onAbandon(ctx.region, ref);
                    ctx.stats.abandonVotes++;
                }
                abandonedThrough[o] = e;
                e++;
            }
        }
        return out;
    }

    private static VoteKey voteKey(long epoch, ChainKey key) {
        return new VoteKey(epoch, key);
    }

    private record VoteKey(long epoch, ChainKey key) {
    }
}
