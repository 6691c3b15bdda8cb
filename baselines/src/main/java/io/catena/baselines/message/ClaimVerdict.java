package io.catena.baselines.message;

/** A region's answer to {@link ClaimKeys}. */
public enum ClaimVerdict {
    /** Every key is locked (2PL) or validated and reserved (OCC) for the attempt. */
    GRANTED,
    /** Validation failed (OCC): a key moved on since it was read, or another attempt holds it. */
    REFUSED,
    /** An older transaction waits for a lock the attempt holds (2PL, wound-wait): give it up. */
    WOUNDED
}
