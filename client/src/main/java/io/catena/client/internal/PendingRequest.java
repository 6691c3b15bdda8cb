package io.catena.client.internal;

import io.catena.client.CatenaException;
import io.catena.client.OutcomeUnknownException;
import io.catena.client.UnavailableException;
import io.catena.client.spi.Scheduler;
import io.catena.core.id.RequestId;
import io.catena.core.message.Message;
import io.catena.core.message.TxnReply;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * One request a connection is waiting on: its current name, the message it sends under that name,
 * the caller's future, its deadline and what has happened to it so far. Not thread-safe: the
 * session's lock guards it.
 */
final class PendingRequest {

    private final RequestMessage message;
    private final boolean readWrite;
    private final CompletableFuture<TxnReply> future;
    private final long issuedNanos;
    private final long deadlineNanos;
    private RequestId id;
    private long nextResendNanos = Long.MAX_VALUE;
    private int sends;
    private int overloadRefusals;
    private int drops;
    private String lastDropReason;
    private Scheduler.Cancellable timer;

    /**
     * @param issuedNanos when the caller submitted it: the issue time every copy carries, under any
     *                    name (a renamed request is issued later, so this stays a lower bound)
     */
    PendingRequest(RequestId id, RequestMessage message, boolean readWrite, CompletableFuture<TxnReply> future,
                   long issuedNanos, long deadlineNanos) {
        this.id = id;
        this.message = message;
        this.readWrite = readWrite;
        this.future = future;
        this.issuedNanos = issuedNanos;
        this.deadlineNanos = deadlineNanos;
    }

    RequestId id() {
        return id;
    }

    /** The message to send to the coordinator whose clock is {@code clock}. */
    Message message(CoordinatorClock clock) {
        return message.named(id, clock.micros(issuedNanos));
    }

    boolean readWrite() {
        return readWrite;
    }

    CompletableFuture<TxnReply> future() {
        return future;
    }

    long deadlineNanos() {
        return deadlineNanos;
    }

    /** When the request's timer should fire next: its next resend or its deadline. */
    long wakeupNanos() {
        return Math.min(nextResendNanos, deadlineNanos);
    }

    boolean resendDue(long nowNanos) {
        return nowNanos >= nextResendNanos;
    }

    /** Keeps the request back until {@code nanos}, then the timer sends it. */
    void holdUntil(long nanos) {
        nextResendNanos = nanos;
    }

    void sent(long nextResendNanos) {
        this.sends++;
        this.nextResendNanos = nextResendNanos;
    }

    /** The link it was sent on is gone; it goes out again when the next link is ready. */
    void unsent() {
        nextResendNanos = Long.MAX_VALUE;
    }

    void refusedAsOverloaded() {
        overloadRefusals++;
    }

    /**
     * Takes a new name after the system dropped the transaction under the old one. The old name
     * is retired: the drop answer is final for it, and a coordinator repeats it to any retry.
     */
    void rename(RequestId newId, String dropReason) {
        id = newId;
        drops++;
        lastDropReason = dropReason;
        sends = 0;
        overloadRefusals = 0;
        nextResendNanos = Long.MAX_VALUE;
    }

    /** How many times the system dropped this work, under as many names. */
    int drops() {
        return drops;
    }

    void replaceTimer(Scheduler.Cancellable next) {
        cancelTimer();
        timer = next;
    }

    void cancelTimer() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }

    /**
     * Whether a coordinator may have taken the request: it was sent at least once without being
     * refused for overload. Only then can its outcome be unknown; otherwise it certainly did not run.
     */
    boolean maybeAccepted() {
        return sends > overloadRefusals;
    }

    /** What the caller learns when the deadline passes without an answer. */
    CatenaException expired(Duration timeout, String region, String lastProblem) {
        String within = " within " + DurationText.format(timeout);
        if (!readWrite) {
            return new UnavailableException("No snapshot of region " + region + " could be read" + within
                    + (maybeAccepted() ? "" : " (" + lastProblem + ")") + "; reading again later is safe.", null);
        }
        if (maybeAccepted()) {
            return OutcomeUnknownException.timedOut(id, timeout);
        }
        if (sends > 0) {
            return new UnavailableException("Region " + region + " refused to take request " + id + within
                    + " (" + lastProblem + "); it did not run, so retry later.", null);
        }
        if (drops > 0) {
            return new UnavailableException("The transaction was dropped without running " + drops + " time"
                    + (drops == 1 ? "" : "s") + within + " (" + lastDropReason + "), as happens while region " + region
                    + " is cut off from the others; it did not run, so retry later.", null);
        }
        return new UnavailableException("Request " + id + " could not be sent" + within + " because no coordinator of "
                + "region " + region + " could be used (" + lastProblem + "); it did not run, so retry later.", null);
    }
}
