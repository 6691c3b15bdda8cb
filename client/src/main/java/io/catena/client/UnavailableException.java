package io.catena.client;

/**
 * The request did not run, and running it again later may succeed: no coordinator of the region
 * could be reached or accepted the connection, the request could not be sent before its time
 * budget ran out, a coordinator refused it (too busy, or its region's store not answering; the
 * message quotes why), or the system dropped it because the region was cut off from the others.
 * A snapshot read that found no snapshot in time also ends here, since reading again is always
 * safe.
 *
 * <p>Always retryable: the library guarantees the request had no effect, so a retry cannot make
 * it take effect twice. A refused handshake quotes the coordinator's reason, because a wrong
 * cluster name or region in the URL is refused the same way every time.
 */
public final class UnavailableException extends CatenaException {

    /**
     * @param message one sentence: what was unavailable and that retrying later may help
     * @param cause   the underlying failure, or null
     */
    public UnavailableException(String message, Throwable cause) {
        super(message, cause);
    }

    /** Always true: see the class comment. */
    @Override
    public boolean isRetryable() {
        return true;
    }

    @Override
    UnavailableException onCallingThread() {
        return new UnavailableException(getMessage(), this);
    }
}
