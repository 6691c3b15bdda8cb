package io.catena.coordinator.client;

import io.catena.coordinator.Coordinator;

/**
 * How long after a request was issued ({@code SubmitTxn.issuedMicros}) a coordinator still takes a
 * copy of it into a record. The request index remembers a request for
 * {@link Coordinator#DEDUP_WINDOW_EPOCHS} after the epoch of its first carrier; a copy logged later
 * would run as a new transaction and commit the request twice. No copy is logged in an epoch
 * before the issue time (a copy goes into the epoch open when it is taken in, and the client's
 * translation never makes the issue time later than the truth), so refusing copies whose record
 * would start more than {@link #span} after it keeps every copy inside the window of the first, and
 * after every cancellation of it by an outcome lookup (which comes after the issue time). That a
 * cancellation also lies within the window of the copies before it is {@link CancelWindow}'s.
 *
 * <p>A sixth of the window is left over: a standby that took over reads the issue time of a copy on
 * its own clock, which may run ahead of its predecessor's, and epochs round. With 10 ms epochs the
 * span is 25 s, beyond the client library's longest timeout (20 s); a client that waits longer
 * gets no answer from a copy sent after the span, only from an outcome lookup.
 */
public final class CopyWindow {

    /** Epochs of the dedup window left for clock differences and rounding. */
    static final long MARGIN_EPOCHS = Coordinator.DEDUP_WINDOW_EPOCHS / 6;

    private CopyWindow() {
    }

    /** How long after its issue time a copy of a request may still start its record's epoch. */
    public static long span(long epochLengthMicros) {
        return (Coordinator.DEDUP_WINDOW_EPOCHS - MARGIN_EPOCHS) * epochLengthMicros;
    }

    /** The latest start of an epoch whose record may still carry a copy issued at {@code issuedMicros}. */
    static long lastStartMicros(long issuedMicros, long epochLengthMicros) {
        long span = span(epochLengthMicros);
        return issuedMicros > Long.MAX_VALUE - span ? Long.MAX_VALUE : issuedMicros + span;
    }
}
