package io.catena.client;

import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import java.util.concurrent.CompletableFuture;

/**
 * A connection to the coordinators of one region, opened by {@link Catena#connect}. It runs
 * ad-hoc transactions, procedure calls and snapshot reads; it resends unanswered requests under
 * their request ids and fails over along the URL's hosts by itself, so a caller only sees an
 * exception when a request has a definite answer that is not success, or when its time budget
 * ran out.
 *
 * <p>Thread-safe: share one connection between threads; the builders it hands out are not, so
 * build each on one thread. Futures of asynchronous calls complete on the transport's or timer's
 * thread; do not block in callbacks chained on them (use the {@code ...Async} stages with an
 * executor for blocking work).
 *
 * <p>Close it when done: {@link #close()} fails what is still in flight.
 */
public interface Connection extends AutoCloseable {

    /**
     * Starts an ad-hoc read-write transaction: a list of operations on rows named up front, sent
     * as one request.
     *
     * @return an empty operation list bound to this connection
     */
    OperationList transaction();

    /**
     * Begins an interactive read-write transaction: read, decide, write, commit. Its reads are
     * snapshot reads of this connection's region; its commit checks that what it read is unchanged.
     *
     * @return an active transaction that has read and written nothing yet
     */
    Transaction begin();

    /**
     * Prepares a call of a registered procedure.
     *
     * @param procedure the procedure's name
     * @param version   the procedure's version
     * @return a call with no arguments set
     * @throws InvalidTransactionException if the name is null or empty
     */
    PreparedCall prepare(String procedure, int version);

    /**
     * Starts a snapshot read (a read-only transaction) of this region.
     *
     * @return a read of no rows yet
     */
    Snapshot snapshot();

    /**
     * Reads rows from one snapshot: {@code snapshot().read(List.of(keys)).execute()}.
     *
     * @param keys the rows
     * @return the rows, all as of one version
     */
    SnapshotResult read(RowKey... keys);

    /**
     * What became of a read-write request whose answer was lost — the one an
     * {@link OutcomeUnknownException} names ({@link OutcomeUnknownException#requestId()}), of
     * this connection or of an earlier one of the same application. The region answers once the
     * outcome is definite: committed, aborted, or not committed, in which case it made sure that
     * the request never runs. Ask within the region's duplicate window (3,000 epochs, 30 s at
     * 10 ms epochs) of the request's submission: after it, the region no longer knows the request
     * and says it did not commit even if it did.
     *
     * @param request the request asked about
     * @return its definite outcome
     * @throws UnavailableException if no answer came within the URL's timeout; asking again is safe
     */
    RequestOutcome outcome(RequestId request);

    /**
     * {@link #outcome} without blocking.
     *
     * @param request the request asked about
     * @return completes with the outcome, or fails as {@link #outcome} throws
     */
    CompletableFuture<RequestOutcome> outcomeAsync(RequestId request);

    /**
     * The newest version this connection has seen: of its last commit, or of the newest snapshot
     * it read; {@link Version#ZERO} at first. Every snapshot read of this connection is at least
     * this new (read-your-writes and monotonic reads). Hand it to another connection's
     * {@link Snapshot#atLeast} to carry the guarantee over.
     *
     * @return the version floor of this connection's reads
     */
    Version lastVersion();

    /** The settings this connection was opened with. */
    ConnectionUrl url();

    /** The random client part of this connection's request ids. */
    long clientId();

    /** Whether the connection is open, that is, {@link #close()} has not been called and its first connect worked. */
    boolean isOpen();

    /**
     * Closes the connection. Requests still in flight fail: a transaction a coordinator may have
     * taken with {@link OutcomeUnknownException}, anything else with
     * {@link ConnectionClosedException}; so do requests made afterwards. Idempotent.
     */
    @Override
    void close();
}
