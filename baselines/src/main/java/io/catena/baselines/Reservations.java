package io.catena.baselines;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One region's write reservations under OCC: a transaction that passed validation here holds the
 * keys it writes until its commit or release arrives, and validation refuses any other attempt
 * that reads or writes them meanwhile. Reads reserve nothing; a conflict through a read is caught
 * by the reader's other keys or the writer's reservation (see PROTOCOL.md, baselines).
 *
 * <p>Owned by one node; every call on its thread.
 */
final class Reservations {

    private record Holder(TxnId txn, int attempt, List<ChainKey> keys) {
    }

    private final Map<ChainKey, Holder> byKey = new HashMap<>();
    private final Map<TxnId, Holder> byTxn = new HashMap<>();
    private final AttemptLog ended = new AttemptLog();

    /** Whether another transaction holds a reservation on {@code key}. */
    boolean heldByOther(ChainKey key, TxnId txn) {
        Holder h = byKey.get(key);
        return h != null && !h.txn.equals(txn);
    }

    /** Whether this attempt has already ended here (its release or commit came first). */
    boolean hasEnded(TxnId txn, int attempt) {
        return ended.hasEnded(txn, attempt);
    }

    /** Reserves {@code keys} for the attempt; none may be held by another. */
    void reserve(TxnId txn, int attempt, List<ChainKey> keys) {
        release(txn, attempt - 1);
        Holder h = new Holder(txn, attempt, List.copyOf(keys));
        for (ChainKey k : keys) {
            Holder previous = byKey.put(k, h);
            if (previous != null && !previous.txn.equals(txn)) {
                throw new IllegalStateException(k + " reserved by " + previous.txn + " and " + txn);
            }
        }
        byTxn.put(txn, h);
    }

    /** Ends every attempt of {@code txn} up to {@code attempt}: its reservations go. */
    void release(TxnId txn, int attempt) {
        if (attempt < 0) {
            return;
        }
        ended.ended(txn, attempt);
        Holder h = byTxn.get(txn);
        if (h == null || h.attempt > attempt) {
            return;
        }
        byTxn.remove(txn);
        for (ChainKey k : h.keys) {
            byKey.remove(k, h);
        }
    }

    /** Transactions holding reservations here. */
    int held() {
        return byTxn.size();
    }
}
