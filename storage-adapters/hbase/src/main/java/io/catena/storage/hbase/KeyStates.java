package io.catena.storage.hbase;

import io.catena.core.data.ChainKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What the engine remembers of recently used chain keys, so that {@code apply} and
 * {@code collectGarbage} need no read before their write: the latest applied version, the
 * garbage-collection horizon and how many collections ran since the last physical sweep. Bounded
 * (least recently used keys are forgotten and read again on their next use). Thread-safe map; a
 * {@link KeyState} is touched only inside its key's turn of the {@link KeySequencer}.
 */
final class KeyStates {

    private final Map<ChainKey, KeyState> states;

    KeyStates(int capacity) {
        this.states = new LinkedHashMap<>(1024, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<ChainKey, KeyState> eldest) {
                return size() > capacity;
            }
        };
    }

    synchronized KeyState get(ChainKey key) {
        return states.get(key);
    }

    synchronized void put(ChainKey key, KeyState state) {
        states.put(key, state);
    }

    synchronized void forget(ChainKey key) {
        states.remove(key);
    }

    /**
     * A key's state; stamps are {@link VersionStamp}s, 0 meaning none. The horizon is the one in
     * force, which the key's next write stores if it is not stored yet.
     */
    static final class KeyState {
        long latest;
        long horizon;
        boolean horizonStored = true;
        int collectionsSinceSweep;

        KeyState(long latest, long horizon) {
            this.latest = latest;
            this.horizon = horizon;
        }

        boolean exists() {
            return latest > 0;
        }

        /** The horizon in force, as a reader must respect it; 0 for a key not remembered. */
        static long horizonOf(KeyState state) {
            return state == null ? 0 : state.horizon;
        }
    }
}
