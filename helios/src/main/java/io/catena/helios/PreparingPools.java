package io.catena.helios;

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
 * A region's preparing transactions: its own (the dissertation's PTPool) and its peers'
 * (EPTPool), indexed by key for Helios' two conflict checks. A transaction conflicts with a
 * preparing one when it reads or writes a key the preparing one writes. At a request the new
 * transaction is checked against both pools; when a peer's preparing record arrives, the region's
 * own preparing transactions are checked against it. Keys are partitions, the unit a transaction
 * locks, reads and writes in every protocol here.
 *
 * <p>Owned by one node; every call on its thread.
 */
final class PreparingPools {

    /** Own preparing transactions, oldest request first (the commit rule walks them in order). */
    private final LinkedHashMap<TxnId, LocalTxn> local = new LinkedHashMap<>();
    /** Peers' preparing transactions: the keys each writes, and its request timestamp. */
    private final Map<TxnId, External> external = new HashMap<>();
    /** For each key, the request timestamps of the preparing transactions of either pool that write it (with counts). */
    private final Map<ChainKey, TreeMap<Long, Integer>> writers = new HashMap<>();
    /** The request timestamps of every preparing transaction of either pool, with counts. */
    private final TreeMap<Long, Integer> stamps = new TreeMap<>();
    /** For each key, the own preparing transactions that read or write it. */
    private final Map<ChainKey, Set<TxnId>> localTouching = new HashMap<>();

    private record External(Set<ChainKey> writes, long requestedAt) {
    }

    void addLocal(LocalTxn t) {
        local.put(t.txn, t);
        stamps.merge(t.requestedAt, 1, Integer::sum);
        t.writes.forEach(k -> addWriter(k, t.requestedAt));
        t.touched.forEach(k -> localTouching.computeIfAbsent(k, x -> new LinkedHashSet<>()).add(t.txn));
    }

    void removeLocal(LocalTxn t) {
        if (local.remove(t.txn) == null) {
            return;
        }
        dropStamp(t.requestedAt);
        t.writes.forEach(k -> dropWriter(k, t.requestedAt));
        for (ChainKey k : t.touched) {
            Set<TxnId> touching = localTouching.get(k);
            touching.remove(t.txn);
            if (touching.isEmpty()) {
                localTouching.remove(k);
            }
        }
    }

    /** Holds a peer's preparing transaction, stamped {@code requestedAt}, that writes {@code writes}. */
    void addExternal(TxnId txn, Set<ChainKey> writes, long requestedAt) {
        if (external.putIfAbsent(txn, new External(Set.copyOf(writes), requestedAt)) == null) {
            stamps.merge(requestedAt, 1, Integer::sum);
            writes.forEach(k -> addWriter(k, requestedAt));
        }
    }

    /** Takes a peer's transaction out of EPTPool; true if it was there. */
    boolean removeExternal(TxnId txn) {
        External e = external.remove(txn);
        if (e == null) {
            return false;
        }
        dropStamp(e.requestedAt());
        e.writes().forEach(k -> dropWriter(k, e.requestedAt()));
        return true;
    }

    boolean holdsExternal(TxnId txn) {
        return external.containsKey(txn);
    }

    /** Whether some preparing transaction, own or a peer's, writes one of {@code keys}. */
    boolean written(Collection<ChainKey> keys) {
        for (ChainKey k : keys) {
            if (writers.containsKey(k)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The oldest request timestamp among the preparing transactions that write one of {@code keys},
     * or {@link Long#MAX_VALUE} if none does.
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

    /** The oldest request timestamp of any preparing transaction, or {@link Long#MAX_VALUE} if none is. */
    long oldest() {
        return stamps.isEmpty() ? Long.MAX_VALUE : stamps.firstKey();
    }

    /** The own preparing transactions that read or write one of {@code writes}, oldest first. */
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
        found.sort((a, b) -> Long.compare(a.requestedAt, b.requestedAt));
        return found;
    }

    /**
     * Own preparing transactions, oldest request first: a view, walked at every step by the commit
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

    private void dropStamp(long requestedAt) {
        stamps.computeIfPresent(requestedAt, (at, n) -> n == 1 ? null : n - 1);
    }

    private void addWriter(ChainKey k, long requestedAt) {
        writers.computeIfAbsent(k, x -> new TreeMap<>()).merge(requestedAt, 1, Integer::sum);
    }

    private void dropWriter(ChainKey k, long requestedAt) {
        TreeMap<Long, Integer> stamps = writers.get(k);
        stamps.computeIfPresent(requestedAt, (at, n) -> n == 1 ? null : n - 1);
        if (stamps.isEmpty()) {
            writers.remove(k);
        }
    }
}
