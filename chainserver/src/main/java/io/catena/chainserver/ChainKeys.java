package io.catena.chainserver;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.membership.Membership;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The chain keys a chain server has in memory, each a {@link KeyState}: loading their committed
 * history from storage (retried after a failure), forgetting history no one can need any more,
 * keeping within a memory budget by evicting idle keys least recently used first (loaded again
 * when next touched), and following ownership changes: a key that came to this server is loaded
 * afresh once its change is handed off, and a key that left it is forgotten. What is iterated is
 * ordered: the keys in the order they were last used.
 */
final class ChainKeys {

    private static final long RETRY_BACKOFF_MICROS = 20_000;
    private static final long COLLECTION_INTERVAL_EPOCHS = 100;
    /**
     * A key's heap besides its history, as the budget counts it: its map entry here (40, and 8 of
     * table), the KeyState (40) with its empty EpochSlots (24), and the chain key (24) with its
     * partition key's String and array headers (40; the table's name is shared). The characters
     * of the partition key are added per key.
     */
    static final int KEY_BYTES = 176;

    private final ChainServerContext ctx;
    /** Told when a key's history is loaded: work waiting on it may go on. */
    private final KeyPump loaded;
    /** Estimated bytes of every key in memory above which idle keys are evicted. */
    private final long budgetBytes;
    /** Access-ordered: the least recently used key first, the order in which eviction visits them. */
    private final LinkedHashMap<ChainKey, KeyState> keys = new LinkedHashMap<>(16, 0.75f, true);
    /** The sum of every key's {@link KeyState#cachedBytes}. */
    private long bytesCached;
    private final TreeMap<Long, List<ChainKey>> loadRetries = new TreeMap<>();
    /** History below this version is no longer needed anywhere in the region. */
    private Version collectBelow;
    private long lastCollectionEpoch;
    /**
     * Keys whose history may hold versions older than their latest, in the order they gained one:
     * the only keys a collection needs to visit (most loaded keys are read, or written once, and
     * have nothing to forget).
     */
    private final Set<KeyState> uncollected = new LinkedHashSet<>();

    ChainKeys(ChainServerContext ctx, KeyPump loaded, long budgetBytes) {
        this.ctx = ctx;
        this.loaded = loaded;
        this.budgetBytes = budgetBytes;
    }

    /** The key's state, or null if it has none in memory. */
    KeyState get(ChainKey key) {
        return keys.get(key);
    }

    /** The key's state, created (not yet loaded) if it has none. */
    KeyState getOrAdd(ChainKey key) {
        KeyState ks = keys.get(key);
        if (ks == null) {
            ks = new KeyState(key);
            keys.put(key, ks);
            recount(ks);
        }
        return ks;
    }

    int size() {
        return keys.size();
    }

    /**
     * Whether work of {@code epoch} may run on the key now: the key is not waiting for its
     * ownership change to be handed off, and its history is loaded (else it starts loading).
     */
    boolean ready(KeyState ks, long epoch) {
        if (ctx.ownership.awaitsHandoff(ks.key, epoch)) {
            return false;
        }
        ensureLoaded(ks);
        return ks.loaded();
    }

    /** Starts loading a key that work of {@code epoch} will need, unless it waits for a handoff. */
    void prefetch(KeyState ks, long epoch) {
        if (!ctx.ownership.awaitsHandoff(ks.key, epoch)) {
            ensureLoaded(ks);
        }
    }

    /** Starts loading a key's committed history if it is not in memory; work on it waits. */
    void ensureLoaded(KeyState ks) {
        if (ks.loaded() || ks.loading) {
            return;
        }
        ks.loading = true;
        ctx.storage.loadPartition(ks.key).whenDone((now, image, failure) -> {
            ks.loading = false;
            if (ks.loadStale) {
                // Issued before an ownership change was handed off: storage may have more now.
                ks.loadStale = false;
                ensureLoaded(ks);
                return;
            }
            if (failure != null) {
                ctx.stats.storageRetries++;
                loadRetries.computeIfAbsent(now + RETRY_BACKOFF_MICROS, t -> new ArrayList<>()).add(ks.key);
                return;
            }
            ks.committed = VersionedPartition.fromImage(image);
            ctx.stats.partitionLoads++;
            committedVersion(ks);
            loaded.pump(now, ks);
        });
    }

    void retryLoadsDue(long nowMicros) {
        while (!loadRetries.isEmpty() && loadRetries.firstKey() <= nowMicros) {
            for (ChainKey k : loadRetries.pollFirstEntry().getValue()) {
                ensureLoaded(getOrAdd(k));
            }
        }
    }

    long nextLoadRetryMicros() {
        return loadRetries.isEmpty() ? Long.MAX_VALUE : loadRetries.firstKey();
    }

    /**
     * Ownership changes are handed off: every key that came to this server at one of them forgets
     * what it had in memory (the old owner wrote it since) and loads again, and its waiting work
     * goes on; a key this server no longer owns leaves memory once nothing waits on it.
     */
    void handOff(long nowMicros, List<Membership> handedOff, long handedOffThrough) {
        TreeSet<ChainKey> resumed = new TreeSet<>();
        for (Iterator<KeyState> it = keys.values().iterator(); it.hasNext(); ) {
            KeyState ks = it.next();
            if (handedOff.stream().anyMatch(m -> ctx.ownership.gainedAt(ks.key, m))) {
                ks.committed = null;
                ks.loadStale = ks.loading;
                uncollected.remove(ks);
                recount(ks);
                resumed.add(ks.key);
            } else if (!ctx.ownership.owns(ks.key, handedOffThrough)) {
                uncollected.remove(ks);
                if (ks.idle()) {
                    it.remove();
                    forgotten(ks);
                }
            }
        }
        ctx.stats.keysHandedOver += resumed.size();
        for (ChainKey k : resumed) {
            loaded.pump(nowMicros, keys.get(k));
        }
    }

    /**
     * A key gained a committed version (or its whole history, loaded): a later collection may have
     * history of it to forget, and it takes more memory.
     */
    void committedVersion(KeyState ks) {
        uncollected.add(ks);
        recount(ks);
    }

    long bytesCached() {
        return bytesCached;
    }

    /**
     * Evicts idle keys, least recently used first, until the keys in memory fit the budget again
     * or none left is idle. The chain server calls it between messages, when no part holds a key
     * it is working on. Collects what the key's history could forget first, in storage too, so
     * that an evicted key's store history does not wait for the key's next use to be collected.
     */
    void evictOverBudget() {
        if (bytesCached > budgetBytes) {
            evictIdleKeys();
        }
        ctx.stats.peakBytesCached = Math.max(ctx.stats.peakBytesCached, bytesCached);
    }

    private void evictIdleKeys() {
        for (Iterator<KeyState> it = keys.values().iterator(); it.hasNext() && bytesCached > budgetBytes; ) {
            KeyState ks = it.next();
            if (!ks.evictable()) {
                continue;
            }
            if (ks.loaded() && collectBelow != null && ks.committed.wouldForget(collectBelow)) {
                ctx.storage.collectGarbage(ks.key, collectBelow);
            }
            it.remove();
            forgotten(ks);
            ctx.stats.keysEvicted++;
        }
    }

    /** Re-estimates what a key in memory takes, after its history changed. */
    private void recount(KeyState ks) {
        long now = KEY_BYTES + ks.key.partition().length() + (ks.loaded() ? ks.committed.retainedBytes() : 0);
        bytesCached += now - ks.cachedBytes;
        ks.cachedBytes = now;
        ctx.stats.bytesCached = bytesCached;
    }

    /** A key left memory. */
    private void forgotten(KeyState ks) {
        uncollected.remove(ks);
        bytesCached -= ks.cachedBytes;
        ks.cachedBytes = 0;
        ctx.stats.bytesCached = bytesCached;
    }

    /** The coordinator's word, with an epoch's footprints, on how far history may be forgotten. */
    void collectBelow(Version below) {
        collectBelow = below;
    }

    /**
     * Every {@link #COLLECTION_INTERVAL_EPOCHS} epochs, forgets history no reader and no re-driven
     * pass can need, in memory and in storage, on keys nothing waits on.
     */
    void collectGarbage(long footprintsThrough) {
        if (collectBelow == null || footprintsThrough - lastCollectionEpoch < COLLECTION_INTERVAL_EPOCHS) {
            return;
        }
        lastCollectionEpoch = footprintsThrough;
        for (Iterator<KeyState> it = uncollected.iterator(); it.hasNext(); ) {
            KeyState ks = it.next();
            if (!ks.loaded() || !ks.epochs.isEmpty()) {
                continue;
            }
            if (ks.committed.wouldForget(collectBelow)) {
                ks.committed.collectGarbage(collectBelow);
                ctx.storage.collectGarbage(ks.key, collectBelow);
                recount(ks);
            }
            if (!ks.committed.hasHistoryAboveHorizon()) {
                it.remove();
            }
        }
    }
}
