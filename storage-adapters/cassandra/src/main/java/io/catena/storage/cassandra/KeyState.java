package io.catena.storage.cassandra;

import io.catena.core.data.Version;

/**
 * What the engine remembers of one chain key so that an apply needs no read first: the latest
 * applied version, the garbage-collection horizon in force, whether that horizon is stored yet
 * (as a static column of the key's partition; an unstored one rides along with the key's next
 * write), and how many times the horizon moved since superseded versions were last deleted.
 * {@link #ABSENT} is a key with no data, never applied to or dropped.
 */
record KeyState(Version latest, Version horizon, boolean horizonStored, int horizonMovesSinceSweep) {

    static final KeyState ABSENT = new KeyState(Version.ZERO, Version.ZERO, true, 0);

    /** A key as read from its static columns. */
    static KeyState stored(Version latest, Version horizon) {
        return new KeyState(latest, horizon, true, 0);
    }

    boolean exists() {
        return latest.isAfter(Version.ZERO);
    }

    /** After a write that also stored the horizon, if it was pending. */
    KeyState withLatest(Version version) {
        return new KeyState(version, horizon, true, horizonMovesSinceSweep);
    }

    /** The horizon moved in memory only; the next write stores it. */
    KeyState withPendingHorizon(Version newHorizon) {
        return new KeyState(latest, newHorizon, false, horizonMovesSinceSweep + 1);
    }

    /** The horizon moved, was stored, and what it superseded was deleted. */
    KeyState withSweptHorizon(Version newHorizon) {
        return new KeyState(latest, newHorizon, true, 0);
    }

    /** The horizon to store with the next write, or null if the stored one is current. */
    Version pendingHorizon() {
        return horizonStored ? null : horizon;
    }

    /**
     * This state refreshed by a read of the stored static columns: the stored latest version, and
     * the later of the two horizons (an unstored one is still in force).
     */
    KeyState refreshedBy(Version storedLatest, Version storedHorizon) {
        if (storedHorizon.isBefore(horizon)) {
            return new KeyState(storedLatest, horizon, false, horizonMovesSinceSweep);
        }
        return new KeyState(storedLatest, storedHorizon, true, horizonMovesSinceSweep);
    }
}
