package io.catena.baselines;

import io.catena.core.id.TxnId;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The attempts of each transaction a region has seen end (released or committed). Links may
 * reorder, so a claim can arrive after the release or commit of its own attempt; it must then be
 * ignored rather than hold keys that nobody will release. Bounded: a claim that arrives after
 * this many later transactions ended is older than any link delay.
 */
final class AttemptLog {

    private static final int REMEMBERED = 200_000;

    private final LinkedHashMap<TxnId, Integer> endedThrough = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<TxnId, Integer> eldest) {
            return size() > REMEMBERED;
        }
    };

    /** Records that every attempt of {@code txn} up to {@code attempt} has ended here. */
    void ended(TxnId txn, int attempt) {
        endedThrough.merge(txn, attempt, Math::max);
    }

    /** Whether this attempt of {@code txn} has already ended here. */
    boolean hasEnded(TxnId txn, int attempt) {
        Integer through = endedThrough.get(txn);
        return through != null && attempt <= through;
    }
}
