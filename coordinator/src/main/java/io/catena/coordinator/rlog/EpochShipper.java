package io.catena.coordinator.rlog;

import io.catena.catenae.message.EpochMessage;
import io.catena.coordinator.CoordinatorContext;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.EncodedSize;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import java.util.ArrayList;
import java.util.List;

/**
 * Sends every other region, once per epoch, the records it is not known to hold (Replicated
 * Dictionary style): new own records at once, own records again after a retransmission timeout
 * or while they are among the last few epochs (the paper's redundancy against loss), and other
 * regions' records (relaying) when the peer still lacks them a timeout after this region got
 * them, which carries the log around a broken link. The timetable rides along and doubles as the
 * acknowledgement. The timeout is the configured one or, for a peer whose acknowledgements take
 * longer (its store is slow to persist), learnt from them ({@link RetransmitTimeout}).
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
    /** By peer and origin. */
    private final ShipCursor[][] cursors;
    /** By peer. */
    private final RetransmitTimeout[] timeouts;

    public EpochShipper(CoordinatorContext ctx, ReplicatedLog log) {
        this.ctx = ctx;
        this.log = log;
        this.timetable = Timetable.zeros(ctx.regions());
        this.cursors = new ShipCursor[ctx.regions()][ctx.regions()];
        this.timeouts = new RetransmitTimeout[ctx.regions()];
        for (int peer = 0; peer < ctx.regions(); peer++) {
            timeouts[peer] = new RetransmitTimeout(ctx.config.retransmitAfterMicros());
            for (int origin = 0; origin < ctx.regions(); origin++) {
                cursors[peer][origin] = new ShipCursor();
            }
        }
    }

    /** Learns what the sender (and, through it, others) holds. */
    public void onTimetable(Timetable theirs, long nowMicros) {
        timetable = timetable.merge(theirs);
        for (RegionId peer : ctx.config.regionIds()) {
            if (!peer.equals(ctx.region)) {
                timeouts[peer.index()].acknowledged(timetable.holds(peer, ctx.region), nowMicros);
            }
        }
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
        RetransmitTimeout timeout = timeouts[peer.index()];
        long timeoutMicros = timeout.micros();
        long redundantFrom = latestOwnEpoch - ctx.config.redundantEpochs();
        boolean full = false;
        for (RegionId origin : ctx.config.regionIds()) {
            long peerHolds = current.holds(peer, origin);
            ShipCursor cursor = cursors[peer.index()][origin.index()];
            cursor.acknowledged(peerHolds);
            if (origin.equals(peer)) {
                continue;
            }
            boolean own = origin.equals(ctx.region);
            long after = cursor.passAfter(peerHolds, own ? redundantFrom : Long.MAX_VALUE, nowMicros);
            for (HeldRecord h : log.heldAfter(origin, after)) {
                if (records.size() >= MAX_RECORDS_PER_MESSAGE) {
                    break;
                }
                Long last = cursor.lastSentMicros(h.epoch());
                long dueMicros = dueMicros(h, own, last, redundantFrom, timeoutMicros, nowMicros);
                if (dueMicros > nowMicros) {
                    cursor.looked(h.epoch(), dueMicros);
                    continue;
                }
                long size = h.encodedBytes();
                if (size > room && !records.isEmpty()) {
                    full = true;
                    break;
                }
                room -= size;
                if (own && last == null) {
                    timeout.sentFirst(h.epoch(), nowMicros);
                } else if (own && h.epoch() < redundantFrom) {
                    // A resend of the last epochs is routine, an epoch apart: the estimate
                    // tolerates that much doubt; a resend after a timeout it does not.
                    timeout.sentAgain(h.epoch());
                }
                if (last != null) {
                    ctx.stats.recordsRetransmitted++;
                }
                if (!own) {
                    ctx.stats.recordsRelayed++;
                }
                cursor.sent(h.epoch(), nowMicros);
                cursor.looked(h.epoch(), nowMicros + timeoutMicros);
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
     * When a record falls due to a peer: an own record at once when new or among the last few
     * epochs, else a timeout after it was last sent; another region's record (relay) a timeout
     * after this region came to hold it and a timeout after it was last sent.
     */
    private static long dueMicros(HeldRecord h, boolean own, Long lastSentMicros, long redundantFrom,
                                  long timeoutMicros, long nowMicros) {
        if (own) {
            return lastSentMicros == null || h.epoch() >= redundantFrom ? nowMicros : lastSentMicros + timeoutMicros;
        }
        return Math.max(h.heldAtMicros(), lastSentMicros == null ? Long.MIN_VALUE : lastSentMicros) + timeoutMicros;
    }
}
