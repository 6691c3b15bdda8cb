package io.catena.coordinator;

/**
 * Where a coordinator stands in rebuilding itself from its persisted log. Messages that arrive
 * before it is {@link #RUNNING} are held back and handled, in arrival order, once it is.
 */
enum RecoveryPhase {
    /** Created to recover: the log is to be read at the next wakeup (again, if a read failed). */
    LOG_UNREAD,
    /** The log read is outstanding, or its records are being restored. */
    READING_LOG,
    /** Recovered, or never needed to: handles every message as it comes. */
    RUNNING;

    boolean recovering() {
        return this != RUNNING;
    }
}
