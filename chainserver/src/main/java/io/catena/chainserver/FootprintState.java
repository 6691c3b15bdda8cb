package io.catena.chainserver;

/** Where a transaction stands on one chain key. States only move forward. */
enum FootprintState {
    /** Laid by the forward pass; the backward pass has not precommitted here yet. */
    FOOTPRINT,
    /** Precommitted speculatively: its temporary version (if it writes) is visible to later speculation. */
    PRECOMMITTED,
    /** Its decided execution ran here; decided writes are held until the whole chain has run. */
    COMPUTED,
    /** Decided writes applied (or dropped on abort); nothing on this key waits for it any more. */
    FINALIZED;

    boolean atLeast(FootprintState other) {
        return compareTo(other) >= 0;
    }
}
