package io.catena.client;

import io.catena.core.id.RequestId;

/**
 * The transaction can never run as written: the client library found a mistake before sending it
 * (no operation, a null key or value, too many chain keys, a reserved table), or the coordinators
 * rejected it (an unknown procedure or version, arguments the procedure refuses). Nothing ran.
 *
 * <p>Never retryable: the same transaction is rejected again; fix it.
 */
public final class InvalidTransactionException extends CatenaException {

    private final RequestId requestId;

    private InvalidTransactionException(RequestId requestId, String message) {
        super(message, null);
        this.requestId = requestId;
    }

    private InvalidTransactionException(InvalidTransactionException asynchronous) {
        super(asynchronous.getMessage(), asynchronous);
        this.requestId = asynchronous.requestId;
    }

    /**
     * A mistake found by the client library before anything was sent.
     *
     * @param problem what is wrong, as a clause, e.g. {@code "the key of read() is null"}
     * @return the exception to throw
     */
    public static InvalidTransactionException invalid(String problem) {
        return new InvalidTransactionException(null, "The transaction is invalid: " + problem
                + "; fix it, as retrying cannot help.");
    }

    /**
     * The coordinators' verdict that the request cannot run.
     *
     * @param requestId the request they rejected
     * @param reason    their reason
     * @return the exception to throw
     */
    public static InvalidTransactionException rejected(RequestId requestId, String reason) {
        return new InvalidTransactionException(requestId, "The coordinator rejected request " + requestId + " ("
                + reason + "); fix the transaction, as retrying cannot help.");
    }

    /** The request that was rejected, or null when the library caught the mistake before sending. */
    public RequestId requestId() {
        return requestId;
    }

    /** Always false: see the class comment. */
    @Override
    public boolean isRetryable() {
        return false;
    }

    @Override
    InvalidTransactionException onCallingThread() {
        return new InvalidTransactionException(this);
    }
}
