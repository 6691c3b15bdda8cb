package io.catena.storage.cassandra;

import io.catena.core.data.Version;

/**
 * What the engine remembers of one chain key so that an apply needs no read first: the latest
 * applied version and the garbage-collection horizon (both also stored as static columns of the
 * key's partition), and how many times the horizon moved since superseded versions were last
 * deleted. {@link #ABSENT} is a key with no data, never applied to or dropped.
 */
record KeyState(Version latest, Version horizon, int horizonMovesSinceSweep) {

    static final KeyState ABSENT = new KeyState(Version.ZERO, Version.ZERO, 0);

    boolean exists() {
        return latest.isAfter(Version.ZERO);
    }

    KeyState withLatest(Version version) {
        return new KeyState(version, horizon, horizonMovesSinceSweep);
    }

    KeyState withHorizon(Version newHorizon, boolean swept) {
        return new KeyState(latest, newHorizon, swept ? 0 : horizonMovesSinceSweep + 1);
    }
}
