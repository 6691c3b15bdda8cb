package io.catena.coordinator.rlog;

/** Whether a region's record of an epoch is part of the replicated log's agreed content. */
public enum Inclusion {
    /** Not decided yet: keep waiting. */
    UNDECIDED,
    /** Included: its transactions run and its order votes count, in every region. */
    INCLUDED,
    /** Abandoned while its region was cut off: its transactions are dropped everywhere. */
    ABANDONED
}
