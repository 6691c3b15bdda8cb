package io.catena.core.txn;

import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import java.util.List;

/**
 * The decided result of a transaction: its outcome, why it did not commit, the rows it read
 * (ad-hoc reads and the rows its checks compared, or rows a procedure chose to report) and a
 * procedure's named outputs. An abort reports what its aborting hop reported: the row a failed check
 * compared, or the rows a procedure reported before it aborted.
 */
public record TxnResult(Outcome outcome, String reason, List<ReadResult> reads, Row outputs) {

    public TxnResult {
        if (outcome == null) {
            throw new IllegalArgumentException("a result has an outcome");
        }
        reads = List.copyOf(reads);
        if (outputs == null) {
            outputs = Row.EMPTY;
        }
    }

    public static TxnResult committed(List<ReadResult> reads, Row outputs) {
        return new TxnResult(Outcome.COMMITTED, null, reads, outputs);
    }

    /**
     * How the reason of an abort for a conflict with a concurrent transaction begins: a comparison
     * baseline's lost validation or timed-out lock wait, or a row an interactive transaction read
     * that changed before its place in the order ({@link Condition.Unchanged}). Unlike an abort by
     * the transaction's own logic, it says nothing about the transaction, which had no effect and
     * may simply run again. Catena itself never aborts an ad-hoc operation list or a procedure for
     * a conflict.
     */
    public static final String CONFLICT_PREFIX = "conflict: ";

    /** Aborted by a baseline's concurrency control for a conflict; see {@link #CONFLICT_PREFIX}. */
    public static TxnResult conflict(String reason) {
        return aborted(CONFLICT_PREFIX + reason);
    }

    /** Whether an abort {@code reason} is a conflict (see {@link #CONFLICT_PREFIX}). */
    public static boolean isConflict(String reason) {
        return reason != null && reason.startsWith(CONFLICT_PREFIX);
    }

    public static TxnResult aborted(String reason) {
        return aborted(reason, List.of());
    }

    /** Aborted by its own logic; {@code guards} are what the aborting hop reported (a failed check's row). */
    public static TxnResult aborted(String reason, List<ReadResult> guards) {
        return new TxnResult(Outcome.ABORTED, reason, guards, Row.EMPTY);
    }

    public static TxnResult rejected(String reason) {
        return new TxnResult(Outcome.REJECTED, reason, List.of(), Row.EMPTY);
    }

    public static TxnResult dropped(String reason) {
        return new TxnResult(Outcome.DROPPED, reason, List.of(), Row.EMPTY);
    }
}
