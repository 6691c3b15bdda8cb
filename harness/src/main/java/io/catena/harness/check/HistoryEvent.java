package io.catena.harness.check;

import java.util.List;
import java.util.Objects;

/**
 * What one client observed of one transaction: one line of a history file.
 *
 * <p>The {@code version} is informational: no checker infers order from it.
 *
 * @param id the client's request id, unique in the history
 * @param session the client session that ran the transaction, or null if the history does not say
 *     (format 1)
 * @param region the region the client used
 * @param type read-write or read-only
 * @param invokeMicros when the client invoked the transaction, in microseconds
 * @param completeMicros when the client saw the outcome, in microseconds; null when unknown
 * @param outcome what the client saw
 * @param version the commit or snapshot version as the system reported it, or null
 * @param ops the operations in program order
 */
public record HistoryEvent(String id, Long session, String region, TxnType type, long invokeMicros,
                           Long completeMicros, TxnOutcome outcome, String version, List<HistoryOp> ops) {

    /** Requires the non-nullable fields and copies {@code ops}. */
    public HistoryEvent {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(outcome, "outcome");
        ops = List.copyOf(ops);
    }

    /** A transaction of no known session, as a history of format 1 records it. */
    public HistoryEvent(String id, String region, TxnType type, long invokeMicros, Long completeMicros,
                        TxnOutcome outcome, String version, List<HistoryOp> ops) {
        this(id, null, region, type, invokeMicros, completeMicros, outcome, version, ops);
    }

    /** True if the client saw this transaction commit. */
    public boolean committed() {
        return outcome == TxnOutcome.COMMITTED;
    }
}
