package io.catena.client;

import io.catena.client.internal.DurationText;
import io.catena.core.id.RequestId;
import java.time.Duration;

/**
 * No answer came in time: the transaction may have committed, or not, or may still commit.
 *
 * <p>Before giving up, the library already did the one safe retry: it sent the request again,
 * under the same request id, for the whole {@code timeout} of the connection URL, also to other
 * hosts after a failover. Coordinators recognise a request id and never run it twice within their
 * duplicate-detection window, which is why the library stops retrying well inside it.
 *
 * <p>Not retryable: running the work again is a <em>new</em> request, and if the first one did
 * commit, the work takes effect twice. Ask the region what became of it instead:
 * {@link Connection#outcome} with {@link #requestId()} answers with a definite outcome (committed,
 * aborted, or not committed and never to run, after which running the work again is safe). Retry
 * blindly only work that is idempotent (e.g. it writes fixed values, or checks a marker that the
 * first run would have written) — {@link Retry.Builder#retryOutcomeUnknown}.
 */
public final class OutcomeUnknownException extends CatenaException {

    private final RequestId requestId;

    private OutcomeUnknownException(RequestId requestId, String message) {
        super(message, null);
        this.requestId = requestId;
    }

    private OutcomeUnknownException(OutcomeUnknownException asynchronous) {
        super(asynchronous.getMessage(), asynchronous);
        this.requestId = asynchronous.requestId;
    }

    /**
     * The request's time budget ran out.
     *
     * @param requestId the unanswered request
     * @param timeout   its budget
     * @return the exception to throw
     */
    public static OutcomeUnknownException timedOut(RequestId requestId, Duration timeout) {
        return new OutcomeUnknownException(requestId, "No answer to request " + requestId + " came within "
                + DurationText.format(timeout) + ", so the transaction may or may not have committed; it was "
                + "already retried under its request id, so look its outcome up (Connection.outcome) before running "
                + "it again.");
    }

    /**
     * The connection was closed while the request was in flight.
     *
     * @param requestId the unanswered request
     * @return the exception to throw
     */
    public static OutcomeUnknownException closed(RequestId requestId) {
        return new OutcomeUnknownException(requestId, "The connection was closed before request " + requestId
                + " was answered, so the transaction may or may not have committed; look its outcome up "
                + "(Connection.outcome) before running it again.");
    }

    /** The unanswered request: what {@link Connection#outcome} asks about. */
    public RequestId requestId() {
        return requestId;
    }

    /** Always false: see the class comment. */
    @Override
    public boolean isRetryable() {
        return false;
    }

    @Override
    OutcomeUnknownException onCallingThread() {
        return new OutcomeUnknownException(this);
    }
}
