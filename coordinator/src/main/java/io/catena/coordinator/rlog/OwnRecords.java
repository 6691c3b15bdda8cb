package io.catena.coordinator.rlog;

import io.catena.coordinator.CoordinatorContext;
import io.catena.coordinator.client.Batcher;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.BatchRef;
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
 * reported since the last record, and how far the region has applied. A region votes on each
 * key of each epoch once, and never after the vote window; a successor coordinator learns what
 * was voted from the persisted records.
 */
public final class OwnRecords {

    /** Bounds the abandon votes of one record; the rest follow in the next. */
    private static final int MAX_ABANDONS_PER_RECORD = 1000;

    private final CoordinatorContext ctx;
    private final ReplicatedLog log;
    private final InclusionTracker inclusion;
    private final Batcher batcher;
    private final List<KeyOrderVote> pendingVotes = new ArrayList<>();
    private final Set<VoteKey> voted = new HashSet<>();
    private final long[] abandonedThrough;
    private long nextEpoch;

    public OwnRecords(CoordinatorContext ctx, ReplicatedLog log, InclusionTracker inclusion, Batcher batcher,
                      long firstEpoch) {
        this.ctx = ctx;
        this.log = log;
        this.inclusion = inclusion;
        this.batcher = batcher;
        this.nextEpoch = firstEpoch;
        this.abandonedThrough = new long[ctx.regions()];
    }

    /** The next epoch this region will close. */
    public long nextEpoch() {
        return nextEpoch;
    }

    public long nextCloseMicros() {
        return ctx.epochEndMicros(nextEpoch);
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
        while (ctx.epochEndMicros(nextEpoch) <= nowMicros) {
            close(nextEpoch, nowMicros, appliedThrough);
            nextEpoch++;
        }
    }

    private void close(long epoch, long nowMicros, Version appliedThrough) {
        List<TxnEntry> txns = batcher.close(epoch);
        List<KeyOrderVote> votes = new ArrayList<>();
        for (KeyOrderVote v : pendingVotes) {
            if (epoch <= v.epoch() + ctx.config.voteWindowEpochs()) {
                votes.add(v);
            }
        }
        pendingVotes.clear();
        RLogRecord record = new RLogRecord(ctx.region, epoch, txns, log.receipts(), abandons(nowMicros),
                votes, appliedThrough);
        log.offer(record, nowMicros);
    }

    /**
     * Majority mode: gives up on records whose deadline has passed. Records already decided
     * either way need no vote.
     */
    private List<BatchRef> abandons(long nowMicros) {
        if (ctx.config.faultTolerance() == 0) {
            return List.of();
        }
        List<BatchRef> out = new ArrayList<>();
        for (RegionId origin : ctx.config.regionIds()) {
            if (origin.equals(ctx.region)) {
                continue;
            }
            int o = origin.index();
            long e = Math.max(log.heldThrough(origin), abandonedThrough[o]) + 1;
            while (out.size() < MAX_ABANDONS_PER_RECORD
                    && ctx.epochEndMicros(e) + ctx.config.delayToleranceMicros() <= nowMicros) {
                BatchRef ref = new BatchRef(origin, e);
                if (!log.holds(ref) && inclusion.decide(ref) == Inclusion.UNDECIDED) {
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
