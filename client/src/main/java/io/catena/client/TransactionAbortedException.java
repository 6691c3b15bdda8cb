package io.catena.client;

import io.catena.core.id.RequestId;

/**
 * The transaction ran and aborted itself, in every region alike: a {@code check} failed, an
 * {@code insert} found its row, or a procedure decided to abort. Nothing it wrote took effect.
 *
 * <p>Not retryable: the abort is a deterministic function of the transaction and the data it
 * read, so running it again gives the same result unless that data has changed meanwhile.
 */
public final class TransactionAbortedException extends CatenaException {

    private final RequestId requestId;
    private final String reason;

    /**
     * @param requestId the request that aborted
     * @param reason    why, as the transaction or procedure said it
     */
    public TransactionAbortedException(RequestId requestId, String reason) {
        super("The transaction aborted (" + (reason == null ? "no reason given" : reason) + "); running it again "
                + "gives the same result unless the data it depends on has changed.", null);
        this.requestId = requestId;
        this.reason = reason;
    }

    /** The request that aborted. */
    public RequestId requestId() {
        return requestId;
    }

    /** Why it aborted, as the transaction or procedure said it. */
    public String reason() {
        return reason;
    }

    /** Always false: see the class comment. */
    @Override
    public boolean isRetryable() {
        return false;
    }
}
