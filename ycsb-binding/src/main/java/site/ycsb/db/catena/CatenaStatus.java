package site.ycsb.db.catena;

import io.catena.client.CatenaException;
import io.catena.client.InvalidTransactionException;
import io.catena.client.OutcomeUnknownException;
import io.catena.client.TransactionAbortedException;
import io.catena.client.UnavailableException;
import site.ycsb.Status;

/**
 * What YCSB is told when Catena says no. Nothing that did not certainly take effect is {@code OK}:
 *
 * <table>
 * <caption>Catena's failures as YCSB statuses</caption>
 * <tr><th>Catena</th><th>YCSB status</th></tr>
 * <tr><td>an abort on a conflict (retryable)</td><td>{@link #CONFLICT}</td></tr>
 * <tr><td>any other abort (an insert found its row, a check failed)</td><td>{@code UNEXPECTED_STATE}</td></tr>
 * <tr><td>no answer in time: it may have committed</td><td>{@link #OUTCOME_UNKNOWN}</td></tr>
 * <tr><td>unavailable: it did not run</td><td>{@code SERVICE_UNAVAILABLE}</td></tr>
 * <tr><td>an invalid transaction</td><td>{@code BAD_REQUEST}</td></tr>
 * <tr><td>a closed connection, anything else</td><td>{@code ERROR}</td></tr>
 * </table>
 */
final class CatenaStatus {

    /** The transaction lost a conflict with a concurrent one and had no effect; running it again may commit. */
    static final Status CONFLICT = new Status("CONFLICT", "The transaction conflicted with another and had no effect.");
    /** No answer came in time: the write may or may not have committed. */
    static final Status OUTCOME_UNKNOWN = new Status("OUTCOME_UNKNOWN",
            "No answer came in time; the write may or may not have committed.");

    private CatenaStatus() {
    }

    static Status of(CatenaException e) {
        if (e instanceof TransactionAbortedException aborted) {
            return aborted.isRetryable() ? CONFLICT : Status.UNEXPECTED_STATE;
        }
        if (e instanceof OutcomeUnknownException) {
            return OUTCOME_UNKNOWN;
        }
        if (e instanceof UnavailableException) {
            return Status.SERVICE_UNAVAILABLE;
        }
        if (e instanceof InvalidTransactionException) {
            return Status.BAD_REQUEST;
        }
        return Status.ERROR;
    }
}
