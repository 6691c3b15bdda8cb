package io.catena.baselines;

import io.catena.baselines.message.KeyClaim;
import io.catena.core.data.ChainKey;
import io.catena.core.id.NodeId;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One region's reservations under OCC: an attempt that passed validation here holds every key it
 * touches until its commit is durable here or its release arrives, the keys it writes
 * exclusively and the keys it only reads shared with other readers. Validation refuses any other attempt that touches a key
 * reserved for writing, or writes a key reserved at all, meanwhile. So two attempts that conflict
 * on a key never hold it here at the same time, whichever of them only reads it. Without read
 * reservations, three transactions each writing a key another read were each granted, at a
 * region of their majority, after that reader, and all committed: a cycle (PROTOCOL.md, OCC).
 *
 * <p>Owned by one node; every call on its thread.
 */
final class Reservations {

    /** An attempt holding reservations, and the home it was granted to. */
    record Holder(TxnId txn, int attempt, NodeId home, List<ChainKey> read, List<ChainKey> written) {
    }

    private final Map<ChainKey, Holder> writers = new HashMap<>();
    private final Map<ChainKey, Set<TxnId>> readers = new HashMap<>();
    private final Map<TxnId, Holder> byTxn = new HashMap<>();
    private final AttemptLog ended = new AttemptLog();

    /**
     * Whether another attempt's reservation keeps {@code txn} from the claimed key: a write
     * reservation on a key it touches, or any reservation on a key it writes.
     */
    boolean conflicts(TxnId txn, KeyClaim claim) {
        Holder writer = writers.get(claim.key());
        if (writer != null && !writer.txn.equals(txn)) {
            return true;
        }
        Set<TxnId> sharing = readers.get(claim.key());
        return claim.access().writes() && sharing != null && (sharing.size() > 1 || !sharing.contains(txn));
    }

    /** Whether this attempt has already ended here (its release or commit came first). */
    boolean hasEnded(TxnId txn, int attempt) {
        return ended.hasEnded(txn, attempt);
    }

    /**
     * Reserves the claimed keys for the attempt, those it writes exclusively and the others
     * shared; none may conflict with another's ({@link #conflicts}).
     */
    void reserve(TxnId txn, int attempt, NodeId home, List<KeyClaim> claims) {
        release(txn, attempt - 1);
        Set<ChainKey> written = new LinkedHashSet<>();
        claims.stream().filter(c -> c.access().writes()).forEach(c -> written.add(c.key()));
        List<ChainKey> read = new ArrayList<>();
        claims.stream().map(KeyClaim::key).filter(k -> !written.contains(k)).distinct().forEach(read::add);
        for (KeyClaim c : claims) {
            if (conflicts(txn, c)) {
                throw new IllegalStateException(c.key() + " reserved by another transaction than " + txn);
            }
        }
        Holder h = new Holder(txn, attempt, home, read, List.copyOf(written));
        written.forEach(k -> writers.put(k, h));
        read.forEach(k -> readers.computeIfAbsent(k, x -> new HashSet<>()).add(txn));
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
        for (ChainKey k : h.written) {
            writers.remove(k, h);
        }
        for (ChainKey k : h.read) {
            Set<TxnId> sharing = readers.get(k);
            sharing.remove(txn);
            if (sharing.isEmpty()) {
                readers.remove(k);
            }
        }
    }

    /** Whether this attempt of {@code txn} holds its reservations here. */
    boolean holds(TxnId txn, int attempt) {
        Holder h = byTxn.get(txn);
        return h != null && h.attempt == attempt;
    }

    /** Whether some attempt of {@code txn} holds reservations here. */
    boolean reserves(TxnId txn) {
        return byTxn.containsKey(txn);
    }

    /** The attempts holding reservations, oldest transaction first. */
    List<Holder> holders() {
        return new ArrayList<>(new TreeMap<>(byTxn).values());
    }

    /** Transactions holding reservations here. */
    int held() {
        return byTxn.size();
    }
}
