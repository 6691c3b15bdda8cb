package io.catena.logkit;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A region's pending transactions: its own (Helios' PTPool, Message Futures' PT) and its peers'
 * (Helios' EPTPool; Message Futures keeps them in its log), indexed by key for the two conflict
 * checks. A transaction conflicts with a pending one when it reads or writes a key the pending one
 * writes. At a request the new transaction is checked against both pools; when a peer's pending
 * record arrives, the region's own pending transactions are checked against it. A transaction
 * stays in its pool until its commit is applied here, so that nothing reads or overwrites its keys
 * before. Keys are partitions, the unit a transaction locks, reads and writes in every protocol here.
 *
 * <p>Each transaction carries a stamp: the least timestamp its version can take if it commits
 * ({@link CommitRule#versionAtLeast}), then its version's once it has committed. Reads at a log
 * position wait for no writer stamped above it.
 *
 * <p>Owned by one node; every call on its thread.
 */
final class PendingPools {

    /** Own pending transactions, oldest request first (the commit rule walks them in order). */
    private final LinkedHashMap<TxnId, LocalTxn> local = new LinkedHashMap<>();
    /** Peers' pending transactions: the keys each writes, and its stamp. */
    private final Map<TxnId, External> external = new HashMap<>();
    /** For each key, the stamps of the pending transactions of either pool that write it (with counts). */
    private final Map<ChainKey, TreeMap<Long, Integer>> writers = new HashMap<>();
    /** The stamps of every pending transaction of either pool, with counts. */
    private final TreeMap<Long, Integer> stamps = new TreeMap<>();
    /** For each key, the own pending transactions that read or write it. */
    private final Map<ChainKey, Set<TxnId>> localTouching = new HashMap<>();

    private record External(Set<ChainKey> writes, long stamp) {
    }

    void addLocal(LocalTxn t) {
        local.put(t.txn, t);
        count(t.writes, t.stamp);
        t.touched.forEach(k -> localTouching.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(t.txn));
    }

    void removeLocal(LocalTxn t) {
        if (local.remove(t.txn) == null) {
            return;
        }
        uncount(t.writes, t.stamp);
        for (ChainKey k : t.touched) {
            Set<TxnId> touching = localTouching.get(k);
            touching.remove(t.txn);
            if (touching.isEmpty()) {
                localTouching.remove(k);
            }
        }
    }

    /** Stamps an own pending transaction anew: with its version, once it committed. */
    void restampLocal(LocalTxn t, long stamp) {
        if (local.containsKey(t.txn) && t.stamp != stamp) {
            uncount(t.writes, t.stamp);
            t.stamp = stamp;
            count(t.writes, stamp);
        }
    }

    /** Holds a peer's pending transaction, stamped {@code stamp}, that writes {@code writes}. */
    void addExternal(TxnId txn, Set<ChainKey> writes, long stamp) {
        if (external.putIfAbsent(txn, new External(Set.copyOf(writes), stamp)) == null) {
            count(writes, stamp);
        }
    }

    /** Stamps a peer's pending transaction anew: with its version, once it committed. */
    void restampExternal(TxnId txn, long stamp) {
        External e = external.get(txn);
        if (e != null && e.stamp() != stamp) {
            uncount(e.writes(), e.stamp());
            external.put(txn, new External(e.writes(), stamp));
            count(e.writes(), stamp);
        }
    }

    /** Takes a peer's transaction out of its pool; true if it was there. */
    boolean removeExternal(TxnId txn) {
        External e = external.remove(txn);
        if (e == null) {
            return false;
        }
        uncount(e.writes(), e.stamp());
        return true;
    }

    boolean holdsExternal(TxnId txn) {
        return external.containsKey(txn);
    }

    /** Whether some pending transaction, own or a peer's, writes one of {@code keys}. */
    boolean written(Collection<ChainKey> keys) {
        for (ChainKey k : keys) {
            if (writers.containsKey(k)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The least stamp among the pending transactions that write one of {@code keys}, or
     * {@link Long#MAX_VALUE} if none does.
     */
    long oldestWriter(Collection<ChainKey> keys) {
        long oldest = Long.MAX_VALUE;
        for (ChainKey k : keys) {
            TreeMap<Long, Integer> stamps = writers.get(k);
            if (stamps != null) {
                oldest = Math.min(oldest, stamps.firstKey());
            }
        }
        return oldest;
    }

    /** The least stamp of any pending transaction, or {@link Long#MAX_VALUE} if none is. */
    long oldest() {
        return stamps.isEmpty() ? Long.MAX_VALUE : stamps.firstKey();
    }

    /** The own pending transactions that read or write one of {@code writes}, oldest request first. */
    List<LocalTxn> localTouching(Collection<ChainKey> writes) {
        Set<TxnId> hit = new LinkedHashSet<>();
        for (ChainKey k : writes) {
            Set<TxnId> touching = localTouching.get(k);
            if (touching != null) {
                hit.addAll(touching);
            }
        }
        List<LocalTxn> found = new ArrayList<>(hit.size());
        for (TxnId txn : hit) {
            found.add(local.get(txn));
        }
        found.sort((a, b) -> Long.compare(a.pendingAt, b.pendingAt));
        return found;
    }

    /**
     * Own pending transactions, oldest request first: a view, walked at every step by the commit
     * rule, so not copied; nothing may join or leave the pool during the walk.
     */
    Collection<LocalTxn> local() {
        return Collections.unmodifiableCollection(local.values());
    }

    int localSize() {
        return local.size();
    }

    int externalSize() {
        return external.size();
    }

    private void count(Set<ChainKey> writes, long stamp) {
        stamps.merge(stamp, 1, Integer::sum);
        writes.forEach(k -> writers.computeIfAbsent(k, x -> new TreeMap<>()).merge(stamp, 1, Integer::sum));
    }

    private void uncount(Set<ChainKey> writes, long stamp) {
        stamps.computeIfPresent(stamp, (at, n) -> n == 1 ? null : n - 1);
        for (ChainKey k : writes) {
            TreeMap<Long, Integer> stamps = writers.get(k);
            stamps.computeIfPresent(stamp, (at, n) -> n == 1 ? null : n - 1);
            if (stamps.isEmpty()) {
                writers.remove(k);
            }
        }
    }
}
