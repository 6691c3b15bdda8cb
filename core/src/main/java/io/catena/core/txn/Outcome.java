package io.catena.core.txn;

/** How a transaction ended, as every region decides it. */
public enum Outcome {
    /** Committed; its writes are durable in every region that applies the decided order. */
    COMMITTED,
    /** Aborted deterministically by its own logic (a failed check, a procedure abort). */
    ABORTED,
    /** Never executed: invalid (unknown procedure, repeated chain key, bad arguments). */
    REJECTED,
    /** Never executed: its batch was abandoned while its region was cut off. Safe to retry. */
    DROPPED;

    public boolean retryable() {
        return this == DROPPED;
    }
}
