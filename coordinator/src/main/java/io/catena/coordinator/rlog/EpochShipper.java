package io.catena.coordinator.rlog;

import io.catena.coordinator.CoordinatorContext;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.EpochMessage;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sends every other region, once per epoch, the records it is not known to hold (Replicated
 * Dictionary style): new own records at once, own records again after a retransmission timeout
 * or while they are among the last few epochs (the paper's redundancy against loss), and other
 * regions' records (relaying) when the peer still lacks them a timeout after this region got
 * them, which carries the log around a broken link. The timetable rides along and doubles as the
 * acknowledgement.
 */
public final class EpochShipper {

    /** Bounds one epoch message; the rest follows in later epochs. */
    static final int MAX_RECORDS_PER_MESSAGE = 256;

    private final CoordinatorContext ctx;
    private final ReplicatedLog log;
    private Timetable timetable;
    private final List<Map<BatchRef, Long>> lastSent = new ArrayList<>();

    public EpochShipper(CoordinatorContext ctx, ReplicatedLog log) {
        this.ctx = ctx;
        this.log = log;
        this.timetable = Timetable.zeros(ctx.regions());
        for (int i = 0; i < ctx.regions(); i++) {
            lastSent.add(new HashMap<>());
        }
    }

    /** Learns what the sender (and, through it, others) holds. */
    public void onTimetable(Timetable theirs) {
        timetable = timetable.merge(theirs);
    }

    public Timetable timetable() {
        return timetable.withRow(ctx.region, log.receipts());
    }

    /** What {@code holder} is known to hold of {@code origin}'s records. */
    public long knownHeld(RegionId holder, RegionId origin) {
        if (holder.equals(ctx.region)) {
            return log.heldThrough(origin);
        }
        return timetable.holds(holder, origin);
    }

    /** Ships one epoch message to every other region. */
    public void shipAll(long nowMicros, long latestOwnEpoch) {
        Timetable current = timetable();
        timetable = current;
        for (RegionId peer : ctx.config.regionIds()) {
            if (!peer.equals(ctx.region)) {
                ship(peer, nowMicros, latestOwnEpoch, current);
            }
        }
    }

    private void ship(RegionId peer, long nowMicros, long latestOwnEpoch, Timetable current) {
        Map<BatchRef, Long> sent = lastSent.get(peer.index());
        List<RLogRecord> records = new ArrayList<>();
        long retransmitAfter = ctx.config.retransmitAfterMicros();
        for (RegionId origin : ctx.config.regionIds()) {
            long peerHolds = current.holds(peer, origin);
            sent.keySet().removeIf(ref -> ref.origin().equals(origin) && ref.epoch() <= peerHolds);
            if (origin.equals(peer)) {
                continue;
            }
            boolean own = origin.equals(ctx.region);
            for (RLogRecord r : log.heldAfter(origin, peerHolds)) {
                if (records.size() >= MAX_RECORDS_PER_MESSAGE) {
                    break;
                }
                BatchRef ref = r.ref();
                Long last = sent.get(ref);
                boolean due;
                if (own) {
                    due = last == null || nowMicros - last >= retransmitAfter
                            || r.epoch() >= latestOwnEpoch - ctx.config.redundantEpochs();
                } else {
                    due = nowMicros - log.heldAtMicros(ref) >= retransmitAfter
                            && (last == null || nowMicros - last >= retransmitAfter);
                }
                if (!due) {
                    continue;
                }
                if (last != null) {
                    ctx.stats.recordsRetransmitted++;
                }
                if (!own) {
                    ctx.stats.recordsRelayed++;
                }
                sent.put(ref, nowMicros);
                records.add(r);
            }
        }
        EpochMessage message = new EpochMessage(ctx.region, records, current);
        ctx.stats.recordsSent += records.size();
        int bytes = 16 + current.size() * current.size() * 8;
        for (RLogRecord r : records) {
            bytes += r.approximateSizeBytes();
        }
        ctx.stats.epochMessageBytes += bytes;
        ctx.meter.keyAccess(bytes);
        ctx.outbox.send(NodeId.coordinator(peer), message);
    }
}
