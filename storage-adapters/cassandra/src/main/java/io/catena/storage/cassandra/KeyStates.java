package io.catena.storage.cassandra;

import io.catena.core.data.ChainKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A bounded cache of {@link KeyState}s, least recently used evicted first. A miss costs one read of
 * the key's static columns, so the bound trades memory for reads; correctness never depends on a
 * hit. An entry is only written after the store acknowledged what it describes, and dropped when a
 * write's outcome is unknown (a timeout may or may not have applied it).
 *
 * <p>The cache assumes this engine is the only writer of the keys it remembers, as a chain key has
 * one chain server at a time; a server that takes a key over loads it first
 * ({@code loadPartition}), which refreshes the entry. Thread-safe (one lock; entries are tiny).
 */
final class KeyStates {

    private final Map<ChainKey, KeyState> entries;

    KeyStates(int capacity) {
        this.entries = new LinkedHashMap<>(Math.min(capacity, 1 << 16), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<ChainKey, KeyState> eldest) {
                return size() > capacity;
            }
        };
    }

    synchronized KeyState get(ChainKey key) {
        return entries.get(key);
    }

    synchronized void put(ChainKey key, KeyState state) {
        entries.put(key, state);
    }

    /**
     * Remembers what a read found, unless something is remembered already: a read may overlap a
     * write, which records its own outcome when it completes, so a read never overwrites.
     */
    synchronized void putIfAbsent(ChainKey key, KeyState state) {
        entries.putIfAbsent(key, state);
    }

    synchronized void forget(ChainKey key) {
        entries.remove(key);
    }
}
