package io.catena.coordinator.rlog;

import java.util.TreeMap;

/**
 * What this region has sent one peer of one origin's records, and how far it need look at them
 * the next time it ships.
 *
 * <p>Looking at every record the peer does not hold yet, each time, cost time proportional to
 * the peer's backlog on every shipment: a peer whose store is slow holds records a second or
 * more after they arrive, which is hundreds of records per origin, and shipping happens many
 * times a second. So a pass remembers how far it looked and the earliest moment anything it
 * looked at falls due again; until that moment the next pass looks only at records after it.
 */
final class ShipCursor {

    /**
     * When each record was last sent, keyed by epoch: what the peer acknowledges is a prefix of
     * the origin's epochs, so forgetting it is cutting a head off a sorted map.
     */
    private final TreeMap<Long, Long> lastSent = new TreeMap<>();
    /** The last pass looked at every record from the peer's holdings through this epoch. */
    private long lookedThrough;
    /** None of the records looked at falls due before this time. */
    private long nextDueMicros = Long.MAX_VALUE;

    /** The peer holds the origin's records through {@code peerHolds}: forget sending them. */
    void acknowledged(long peerHolds) {
        lastSent.headMap(peerHolds, true).clear();
    }

    /** When the record of {@code epoch} was last sent, or null if not since the peer lacked it. */
    Long lastSentMicros(long epoch) {
        return lastSent.get(epoch);
    }

    void sent(long epoch, long nowMicros) {
        lastSent.put(epoch, nowMicros);
    }

    /**
     * The epoch after which this pass starts looking: after the peer's holdings when something
     * looked at before may be due, else after what was looked at (but never after
     * {@code alwaysFrom}, where records are due at every pass).
     */
    long passAfter(long peerHolds, long alwaysFrom, long nowMicros) {
        if (nowMicros >= nextDueMicros) {
            nextDueMicros = Long.MAX_VALUE;
            lookedThrough = peerHolds;
            return peerHolds;
        }
        return Math.max(peerHolds, Math.min(lookedThrough, alwaysFrom - 1));
    }

    /** This pass looked at every record through {@code epoch}; one of them falls due at {@code dueMicros}. */
    void looked(long epoch, long dueMicros) {
        lookedThrough = Math.max(lookedThrough, epoch);
        nextDueMicros = Math.min(nextDueMicros, dueMicros);
    }
}
