package io.catena.baselines;

import io.catena.baselines.message.KeyClaim;
import io.catena.core.data.ChainKey;
import io.catena.core.id.NodeId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Access;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One region's locks under 2PL: shared locks for keys a transaction only reads, exclusive ones for
 * keys it writes, waiters queued oldest first, and wound-wait against deadlock (Rosenkrantz et
 * al.): a transaction that has to wait for a younger holder wounds it, telling its home to give its
 * locks up unless it is already committing; a younger one simply waits. Age is the transaction
 * id, which a restarted attempt keeps, so every transaction eventually becomes the oldest.
 *
 * <p>A region grants keys independently of the others; the home needs grants of a majority.
 * Owned by one node; every call on its thread.
 */
final class LockTable {

    /** What a region does when a claim is granted in full or a holder must be wounded. */
    interface Listener {
        void granted(Claim claim);

        void wound(TxnId holder, int attempt, NodeId home);
    }

    /** One attempt's claim at this region. */
    static final class Claim {
        final TxnId txn;
        final int attempt;
        final NodeId home;
        final List<KeyClaim> keys;
        private int waitingFor;
        private boolean woundSent;

        Claim(TxnId txn, int attempt, NodeId home, List<KeyClaim> keys) {
            this.txn = txn;
            this.attempt = attempt;
            this.home = home;
            this.keys = keys;
        }
    }

    private final Listener listener;
    private final Map<ChainKey, KeyLock> locks = new HashMap<>();
    private final Map<TxnId, Claim> active = new HashMap<>();
    private final AttemptLog ended = new AttemptLog();

    LockTable(Listener listener) {
        this.listener = listener;
    }

    /** Queues the claim's keys, grants what it can and wounds younger holders in its way. */
    void claim(Claim claim) {
        if (ended.hasEnded(claim.txn, claim.attempt)) {
            return;
        }
        Claim current = active.get(claim.txn);
        if (current != null) {
            if (current.attempt == claim.attempt && current.waitingFor == 0) {
                // Asked again (the home heard nothing): the grant may have been lost on the way.
                listener.granted(current);
            }
            if (current.attempt >= claim.attempt) {
                return;
            }
            release(claim.txn, current.attempt);
        }
        active.put(claim.txn, claim);
        claim.waitingFor = claim.keys.size();
        List<Claim> granted = new ArrayList<>();
        for (KeyClaim k : claim.keys) {
            KeyLock lock = locks.computeIfAbsent(k.key(), key -> new KeyLock());
            lock.waiters.put(claim.txn, new Held(claim, k.access()));
            lock.grant(granted);
        }
        granted.forEach(listener::granted);
        if (claim.waitingFor > 0) {
            woundYoungerHolders(claim);
        }
    }

    private void woundYoungerHolders(Claim claim) {
        for (KeyClaim k : claim.keys) {
            KeyLock lock = locks.get(k.key());
            if (!lock.waiters.containsKey(claim.txn)) {
                continue;
            }
            for (Held h : lock.holders.values()) {
                if (h.claim.txn.compareTo(claim.txn) > 0 && h.access.conflictsWith(k.access()) && !h.claim.woundSent) {
                    h.claim.woundSent = true;
                    listener.wound(h.claim.txn, h.claim.attempt, h.claim.home);
                }
            }
        }
    }

    /** Ends every attempt of {@code txn} up to {@code attempt}: its locks and queued keys go. */
    void release(TxnId txn, int attempt) {
        ended.ended(txn, attempt);
        Claim claim = active.get(txn);
        if (claim == null || claim.attempt > attempt) {
            return;
        }
        active.remove(txn);
        List<Claim> granted = new ArrayList<>();
        for (KeyClaim k : claim.keys) {
            KeyLock lock = locks.get(k.key());
            lock.holders.remove(txn);
            lock.waiters.remove(txn);
            lock.grant(granted);
            if (lock.holders.isEmpty() && lock.waiters.isEmpty()) {
                locks.remove(k.key());
            }
        }
        // No younger holder can appear in front of a waiter (grants go oldest first), so the
        // wounds sent when each waiter arrived still cover everything in its way.
        granted.forEach(listener::granted);
    }

    /** Whether this attempt of {@code txn} holds every lock it claimed here. */
    boolean holds(TxnId txn, int attempt) {
        Claim c = active.get(txn);
        return c != null && c.attempt == attempt && c.waitingFor == 0;
    }

    /** Whether some attempt of {@code txn} holds or waits for locks here. */
    boolean claims(TxnId txn) {
        return active.containsKey(txn);
    }

    /** The claims holding every lock they asked for, oldest transaction first. */
    List<Claim> grantedClaims() {
        List<Claim> granted = new ArrayList<>();
        new TreeMap<>(active).values().forEach(c -> {
            if (c.waitingFor == 0) {
                granted.add(c);
            }
        });
        return granted;
    }

    /** Transactions holding or waiting for locks here (for tests and quiescence). */
    int activeClaims() {
        return active.size();
    }

    private record Held(Claim claim, Access access) {
    }

    private static final class KeyLock {
        final LinkedHashMap<TxnId, Held> holders = new LinkedHashMap<>();
        final TreeMap<TxnId, Held> waiters = new TreeMap<>();

        /** Grants waiters oldest first while they are compatible with the holders. */
        void grant(List<Claim> fullyGranted) {
            while (!waiters.isEmpty()) {
                Held next = waiters.firstEntry().getValue();
                if (!compatible(next.access)) {
                    return;
                }
                waiters.pollFirstEntry();
                holders.put(next.claim.txn, next);
                if (--next.claim.waitingFor == 0) {
                    fullyGranted.add(next.claim);
                }
            }
        }

        private boolean compatible(Access access) {
            for (Held h : holders.values()) {
                if (h.access.conflictsWith(access)) {
                    return false;
                }
            }
            return true;
        }
    }
}
