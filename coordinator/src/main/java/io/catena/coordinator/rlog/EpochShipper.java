package io.catena.coordinator.rlog;

import io.catena.coordinator.CoordinatorContext;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.EpochMessage;
import io.catena.core.rlog.EncodedSize;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Sends every other region, once per epoch, the records it is not known to hold (Replicated
 * Dictionary style): new own records at once, own records again after a retransmission timeout
 * or while they are among the last few epochs (the paper's redundancy against loss), and other
 * regions' records (relaying) when the peer still lacks them a timeout after this region got
 * them, which carries the log around a broken link. The timetable rides along and doubles as the
 * acknowledgement.
 *
 * <p>A message takes at most {@code maxEpochMessageBytes} (its frame, as {@link EncodedSize}
 * bounds it) and carries at most {@value #MAX_RECORDS_PER_MESSAGE} records; the rest follows in
 * later epochs. It always carries the first due record, and the configuration guarantees that
 * the largest record fits in an otherwise empty message, so a link always makes progress: a
 * record left out is still due at the next epoch, and records already sent are not due again
 * before the retransmission timeout, so a backlog goes out a budget at a time. A record that does
 * not fit holds back the later ones of its origin too (the peer could hold them only after it);
 * other origins' records may still fill the room.
 */
public final class EpochShipper {

    /** Bounds one epoch message's record count; the rest follows in later epochs. */
    static final int MAX_RECORDS_PER_MESSAGE = 256;

    private final CoordinatorContext ctx;
    private final ReplicatedLog log;
    private Timetable timetable;
    /**
     * When each record was last sent, by peer and origin, keyed by epoch: what a peer acknowledges
     * is a prefix of each origin's epochs, so forgetting it is cutting a head off a sorted map.
     */
    private final TreeMap<Long, Long>[][] lastSent;

    public EpochShipper(CoordinatorContext ctx, ReplicatedLog log) {
        this.ctx = ctx;
        this.log = log;
        this.timetable = Timetable.zeros(ctx.regions());
        @SuppressWarnings("unchecked")
        TreeMap<Long, Long>[][] sent = new TreeMap[ctx.regions()][ctx.regions()];
        for (TreeMap<Long, Long>[] byOrigin : sent) {
            for (int o = 0; o < byOrigin.length; o++) {
                byOrigin[o] = new TreeMap<>();
            }
        }
        this.lastSent = sent;
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
        List<RLogRecord> records = new ArrayList<>();
        long room = ctx.config.maxEpochMessageBytes() - EncodedSize.epochMessageSkeleton(ctx.regions());
        boolean full = false;
        for (RegionId origin : ctx.config.regionIds()) {
            long peerHolds = current.holds(peer, origin);
            TreeMap<Long, Long> sent = lastSent[peer.index()][origin.index()];
            sent.headMap(peerHolds, true).clear();
            if (origin.equals(peer)) {
                continue;
            }
            for (HeldRecord h : log.heldAfter(origin, peerHolds)) {
                if (records.size() >= MAX_RECORDS_PER_MESSAGE) {
                    break;
                }
                Long last = sent.get(h.epoch());
                if (!due(h, origin, last, nowMicros, latestOwnEpoch)) {
                    continue;
                }
                long size = h.encodedBytes();
                if (size > room && !records.isEmpty()) {
                    full = true;
                    break;
                }
                room -= size;
                if (last != null) {
                    ctx.stats.recordsRetransmitted++;
                }
                if (!origin.equals(ctx.region)) {
                    ctx.stats.recordsRelayed++;
                }
                sent.put(h.epoch(), nowMicros);
                records.add(h.record());
            }
        }
        if (full) {
            ctx.stats.epochMessagesFull++;
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

    /**
     * Whether a record is due to {@code peer}: an own record when new, unacknowledged for the
     * retransmission timeout, or among the last few epochs; another region's record (relay) once
     * this region has held it for the timeout and not sent it within the timeout.
     */
    private boolean due(HeldRecord h, RegionId origin, Long lastSentMicros, long nowMicros, long latestOwnEpoch) {
        long retransmitAfter = ctx.config.retransmitAfterMicros();
        if (origin.equals(ctx.region)) {
            return lastSentMicros == null || nowMicros - lastSentMicros >= retransmitAfter
                    || h.epoch() >= latestOwnEpoch - ctx.config.redundantEpochs();
        }
        return nowMicros - h.heldAtMicros() >= retransmitAfter
                && (lastSentMicros == null || nowMicros - lastSentMicros >= retransmitAfter);
    }
}
