package io.catena.core.epoch;

/**
 * The epoch boundaries (Catenae §V): continuous time cut into slices of equal length, the same in
 * every region. The one definition of "the epoch at time t", for the coordinator that closes its
 * epochs by it and for a host that judges how far a peer's clock may plausibly be.
 *
 * <p>Epochs start at 1 so that version 0 is the state before every transaction: epoch {@code e}
 * covers [{@code startMicros(e)}, {@code endMicros(e)}).
 *
 * @param lengthMicros the length of an epoch, positive
 */
public record Epochs(long lengthMicros) {

    public Epochs {
        if (lengthMicros <= 0) {
            throw new IllegalArgumentException("an epoch lasts a positive time, not " + lengthMicros + " µs");
        }
    }

    /** The epoch that time {@code nowMicros} falls in. */
    public long epochAt(long nowMicros) {
        return nowMicros / lengthMicros + 1;
    }

    /** When {@code epoch} begins. */
    public long startMicros(long epoch) {
        return (epoch - 1) * lengthMicros;
    }

    /** When {@code epoch} ends: the boundary at which it closes, which is the next one's start. */
    public long endMicros(long epoch) {
        return epoch * lengthMicros;
    }
}
