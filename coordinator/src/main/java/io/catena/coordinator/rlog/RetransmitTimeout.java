package io.catena.coordinator.rlog;

/**
 * How long this region waits for one peer to acknowledge a record before sending it again,
 * learnt from how long that peer's acknowledgements take ({@link DelayEstimate}).
 *
 * <p>A peer acknowledges what it <em>holds</em>, that is what its store has persisted, so its
 * acknowledgements take a round trip plus its store's append time. On a store that takes a
 * second or more per append under load, a fixed timeout of a few hundred milliseconds sent every
 * record to that peer several times over (and had the third region relay it as well) while the
 * peer already had it and its store was the bottleneck. The timeout never drops below the
 * configured one, which covers a healthy peer, and is at most {@link DelayEstimate#MAX_FACTOR}
 * times it, so a record lost on the way is still resent within seconds.
 *
 * <p>One record is timed at a time, and a record sent again is not timed (Karn's rule), so an
 * acknowledgement is never matched with the wrong send.
 */
final class RetransmitTimeout {

    private final DelayEstimate acknowledgements;
    private long timedEpoch = -1;
    private long timedSentAtMicros;

    RetransmitTimeout(long floorMicros) {
        this.acknowledgements = new DelayEstimate(floorMicros);
    }

    long micros() {
        return acknowledgements.waitMicros();
    }

    /** An own record went to the peer for the first time; it is timed unless one already is. */
    void sentFirst(long epoch, long nowMicros) {
        if (timedEpoch < 0) {
            timedEpoch = epoch;
            timedSentAtMicros = nowMicros;
        }
    }

    /** An own record went to the peer again: its acknowledgement could answer either send. */
    void sentAgain(long epoch) {
        if (epoch == timedEpoch) {
            timedEpoch = -1;
        }
    }

    /** The peer is now known to hold this region's records through {@code heldThrough}. */
    void acknowledged(long heldThrough, long nowMicros) {
        if (timedEpoch < 0 || heldThrough < timedEpoch) {
            return;
        }
        acknowledgements.observe(nowMicros - timedSentAtMicros);
        timedEpoch = -1;
    }
}
