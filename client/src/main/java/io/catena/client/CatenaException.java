package io.catena.client;

/**
 * Something the client library could not do, said in one sentence that tells what happened and
 * what to do about it.
 *
 * <p><b>Unchecked, deliberately.</b> JDBC's checked {@code SQLException} forces a
 * {@code try}/{@code catch} around every call and cannot pass through lambdas,
 * {@link java.util.function.Supplier}s or {@link java.util.concurrent.CompletableFuture}
 * stages, which is where asynchronous and retried work lives. What a caller needs to decide is not
 * whether something failed but whether to try again; {@link #isRetryable()} answers that, and
 * each subtype documents its answer:
 * <ul>
 *   <li>{@link TransactionAbortedException}: the transaction's own logic aborted it; no.</li>
 *   <li>{@link InvalidTransactionException}: it can never run as written; no.</li>
 *   <li>{@link OutcomeUnknownException}: it may or may not have committed; not blindly.</li>
 *   <li>{@link UnavailableException}: it did not run; yes, later.</li>
 *   <li>{@link ConnectionClosedException}: this connection is closed; not on it.</li>
 * </ul>
 * {@link Retry} retries exactly the retryable ones.
 */
public abstract sealed class CatenaException extends RuntimeException permits ConnectionClosedException,
        InvalidTransactionException, OutcomeUnknownException, TransactionAbortedException,
        UnavailableException {

    /**
     * @param message one sentence: what happened and what to do
     * @param cause   the underlying failure, or null
     */
    protected CatenaException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Whether running the same work again, as a new request, can succeed where this attempt did
     * not, without risking that it takes effect twice.
     *
     * @return true if a retry may help and is safe
     */
    public abstract boolean isRetryable();

    /**
     * The same failure again, created on the calling thread with this one as its cause, for a
     * blocking call to throw. An asynchronous failure is created on the connection's event loop,
     * so its stack shows none of the application's frames; the copy's does, as
     * {@link java.util.concurrent.CompletableFuture#join}'s exception does. It has this one's
     * type, message and fields, so it is caught and inspected the same way.
     *
     * @return a new exception of this type, with this one as its cause
     */
    abstract CatenaException onCallingThread();
}
