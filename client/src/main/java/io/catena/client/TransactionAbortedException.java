package io.catena.client;

import io.catena.core.id.RequestId;
import io.catena.core.txn.TxnResult;

/**
 * The transaction ran and aborted itself, in every region alike: a {@code check} failed, an
 * {@code insert} found its row, or a procedure decided to abort. Nothing it wrote took effect.
 *
 * <p>Not retryable: the abort is a deterministic function of the transaction and the data it
 * read, so running it again gives the same result unless that data has changed meanwhile.
 *
 * <p>The exception: on a cluster that runs a comparison baseline or Helios
 * ({@code --protocol 2pl|occ|helios}), the protocol itself aborts transactions that lose a conflict. Their {@link #reason()} begins
 * with {@code "conflict: "}, and they are retryable.
 */
public final class TransactionAbortedException extends CatenaException {

    private final RequestId requestId;
    private final String reason;

    /**
     * @param requestId the request that aborted
     * @param reason    why, as the transaction or procedure said it
     */
    public TransactionAbortedException(RequestId requestId, String reason) {
        super(TxnResult.isConflict(reason)
                ? "The transaction lost a conflict with another and had no effect (" + reason + "); it is safe to "
                        + "run it again."
                : "The transaction aborted (" + (reason == null ? "no reason given" : reason) + "); running it again "
                        + "gives the same result unless the data it depends on has changed.", null);
        this.requestId = requestId;
        this.reason = reason;
    }

    private TransactionAbortedException(TransactionAbortedException asynchronous) {
        super(asynchronous.getMessage(), asynchronous);
        this.requestId = asynchronous.requestId;
        this.reason = asynchronous.reason;
    }

    /** The request that aborted. */
    public RequestId requestId() {
        return requestId;
    }

    /** Why it aborted, as the transaction or procedure said it. */
    public String reason() {
        return reason;
    }

    /** False, but for a conflict lost under a baseline or Helios: see the class comment. */
    @Override
    public boolean isRetryable() {
        return TxnResult.isConflict(reason);
    }

    @Override
    TransactionAbortedException onCallingThread() {
        return new TransactionAbortedException(this);
    }
}
