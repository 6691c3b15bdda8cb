package io.catena.kit;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.SnapshotRows;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.id.TxnId;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.function.Consumer;

/**
 * One region's copy of the data, under a protocol that keeps a full replica in every region and
 * runs each transaction at its home: partitions loaded from the store on first use and kept in
 * memory, and the commits the region has received, applied in dependency order.
 *
 * <p>Regions apply commits as they arrive, from any home, over links that may reorder; a commit
 * names for each key the version it read or overwrote, and is applied only once every key has
 * reached that version. So a region's applied state is always a prefix of every key's history in
 * which a transaction appears only with everything it read, and no region ever overwrites a
 * version it has not applied. A write key past the version a commit overwrote but short of the
 * commit's own means two transactions overwrote the same version: a lost update, which the
 * protocols exist to prevent, so it stops the node rather than diverge. A key already at or past
 * the commit's version took it before this region crashed and forgot which commits it had.
 *
 * <p>Owned by one node; every call on its thread. Storage completions come back as steps of that
 * node, through the {@code step} it is given; a failed storage call is issued again when the node
 * calls {@link #retryDue} at or after {@link #nextRetryMicros}.
 */
public final class Replica {

    /** How long a failed storage call waits before it is issued again. */
    public static final long STORAGE_RETRY_MICROS = 100_000;
    private static final int COMMITS_REMEMBERED = 200_000;

    private final StoragePort storage;
    private final WorkMeter meter;
    private final Map<ChainKey, Slot> slots = new HashMap<>();
    /** Commits received, by transaction: false while their writes are not yet durable here. */
    private final LinkedHashMap<TxnId, Boolean> commits = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<TxnId, Boolean> eldest) {
            return size() > COMMITS_REMEMBERED;
        }
    };
    private int notDurable;
    private final List<Runnable> retries = new ArrayList<>();
    private long retryAtMicros = Long.MAX_VALUE;

    /** Runs storage completions as steps of the owning node. */
    private final Consumer<Runnable> step;

    /**
     * @param storage the region's store, which partitions are loaded from and commits written to
     * @param meter   counts the bytes each step touches
     * @param step    runs a storage completion as a step of the owning node, on its thread
     */
    public Replica(StoragePort storage, WorkMeter meter, Consumer<Runnable> step) {
        this.storage = storage;
        this.meter = meter;
        this.step = step;
    }

    /** Runs {@code then} once every key is in memory: now if they are, otherwise in a later step. */
    public void whenLoaded(Collection<ChainKey> keys, Runnable then) {
        List<Slot> missing = new ArrayList<>();
        for (ChainKey k : keys) {
            Slot s = slots.computeIfAbsent(k, Slot::new);
            if (s.partition == null) {
                missing.add(s);
            }
        }
        if (missing.isEmpty()) {
            then.run();
            return;
        }
        int[] left = {missing.size()};
        Runnable countDown = () -> {
            if (--left[0] == 0) {
                then.run();
            }
        };
        for (Slot s : missing) {
            s.loadWaiters.add(countDown);
            if (!s.loading) {
                load(s);
            }
        }
    }

    private void load(Slot s) {
        s.loading = true;
        storage.loadPartition(s.key).whenDone((now, image, failure) -> step.accept(() -> {
            if (failure != null) {
                retryLater(now, () -> load(s));
                return;
            }
            loaded(s, image);
        }));
    }

    private void loaded(Slot s, PartitionImage image) {
        s.partition = VersionedPartition.fromImage(image);
        s.known = s.partition.latest();
        s.loading = false;
        meter.keyAccess(s.partition.sizeBytes());
        List<Runnable> waiters = new ArrayList<>(s.loadWaiters);
        s.loadWaiters.clear();
        waiters.forEach(Runnable::run);
    }

    /** The key's committed rows as applied here; the key must be loaded. */
    public VersionedPartition partition(ChainKey key) {
        Slot s = slots.get(key);
        if (s == null || s.partition == null) {
            throw new IllegalStateException(key + " is not loaded");
        }
        return s.partition;
    }

    /**
     * The rows and whole partitions a read-only transaction asked for, as applied here at
     * {@code snapshot} or before (their keys loaded), with the bytes they took counted.
     */
    public SnapshotRows read(List<RowKey> rows, List<ChainKey> partitions, Version snapshot) {
        List<ReadResult> read = new ArrayList<>(rows.size());
        for (RowKey k : rows) {
            Row row = partition(k.chainKey()).read(k.clustering(), snapshot);
            meter.keyAccess(k.clustering().length() + (row == null ? 0 : row.sizeBytes()));
            read.add(new ReadResult(k, row));
        }
        Map<ChainKey, SortedMap<String, Row>> whole = new LinkedHashMap<>();
        for (ChainKey k : partitions) {
            SortedMap<String, Row> partition = partition(k).snapshot(snapshot);
            meter.keyAccess(partition.values().stream().mapToInt(Row::sizeBytes).sum());
            whole.put(k, partition);
        }
        return new SnapshotRows(read, whole);
    }

    /** The version of the key's last commit applied here; the key must be loaded. */
    public Version applied(ChainKey key) {
        return partition(key).latest();
    }

    /**
     * The newest version of the key this region knows of: applied, or received and waiting for
     * an earlier commit. A protocol judges later claims on the key against it. The key must be
     * loaded.
     */
    public Version known(ChainKey key) {
        partition(key);
        return slots.get(key).known;
    }

    /** Whether every received commit of these (loaded) keys is applied. */
    public boolean settled(Collection<ChainKey> keys) {
        for (ChainKey k : keys) {
            if (!known(k).equals(applied(k))) {
                return false;
            }
        }
        return true;
    }

    /** Whether every key has applied at least the given version. */
    public boolean reached(Map<ChainKey, Version> versions) {
        for (Map.Entry<ChainKey, Version> e : versions.entrySet()) {
            if (applied(e.getKey()).isBefore(e.getValue())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Takes the commit of {@code txn} at {@code version} (its keys loaded): makes its versions known
     * at once, applies it (and any commit it unblocks) as soon as its keys reach the versions it
     * builds on, then persists its writes and runs {@code onDurable}. A repeated commit runs
     * {@code onDurable} again once the first copy is durable.
     */
    public void offer(TxnId txn, Version version, List<KeyCommit> keys, Runnable onDurable) {
        Boolean durable = commits.get(txn);
        if (durable != null) {
            if (durable) {
                onDurable.run();
            }
            return;
        }
        commits.put(txn, false);
        notDurable++;
        for (KeyCommit kc : keys) {
            if (!kc.writes().isEmpty()) {
                Slot s = slots.get(kc.key());
                s.known = Version.max(s.known, version);
            }
        }
        tryApply(new PendingCommit(txn, version, keys, onDurable));
    }

    private boolean tryApply(PendingCommit p) {
        for (KeyCommit kc : p.keys()) {
            Version applied = applied(kc.key());
            if (applied.isBefore(kc.observed())) {
                slots.get(kc.key()).blocked.add(p);
                return false;
            }
            if (!kc.writes().isEmpty() && applied.isAfter(kc.observed()) && applied.isBefore(p.version())) {
                throw new IllegalStateException(p.txn() + " overwrites " + kc.key() + " at " + kc.observed()
                        + " but this region has already applied " + applied + ": two commits overwrote one version");
            }
        }
        apply(p);
        return true;
    }

    private void apply(PendingCommit p) {
        List<KeyCommit> written = new ArrayList<>();
        for (KeyCommit kc : p.keys()) {
            // A key already at the commit's version had it applied before this region crashed
            // and forgot which commits it took (the home sends a commit again until it hears back).
            if (!kc.writes().isEmpty() && applied(kc.key()).isBefore(p.version())) {
                partition(kc.key()).apply(p.version(), kc.writes());
                meter.keyAccess(bytes(kc.writes()));
                written.add(kc);
            }
        }
        int[] left = {written.size()};
        Runnable done = () -> {
            if (--left[0] <= 0) {
                commits.replace(p.txn(), true);
                notDurable--;
                p.onDurable().run();
            }
        };
        if (written.isEmpty()) {
            done.run();
        }
        for (KeyCommit kc : written) {
            persist(kc.key(), p.version(), kc.writes(), done);
        }
        for (KeyCommit kc : written) {
            Slot s = slots.get(kc.key());
            if (!s.blocked.isEmpty()) {
                List<PendingCommit> waiting = new ArrayList<>(s.blocked);
                s.blocked.clear();
                for (PendingCommit w : waiting) {
                    tryApply(w);
                }
            }
        }
    }

    private void persist(ChainKey key, Version version, List<RowWrite> writes, Runnable done) {
        storage.apply(key, version, writes).whenDone((now, v, failure) -> step.accept(() -> {
            if (failure != null) {
                retryLater(now, () -> persist(key, version, writes, done));
                return;
            }
            done.run();
        }));
    }

    /** Issues {@code retry} again {@link #STORAGE_RETRY_MICROS} after a storage call failed at {@code nowMicros}. */
    public void retryLater(long nowMicros, Runnable retry) {
        retries.add(retry);
        retryAtMicros = Math.min(retryAtMicros, nowMicros + STORAGE_RETRY_MICROS);
    }

    /** When failed storage calls are due again, or {@link Long#MAX_VALUE}. */
    public long nextRetryMicros() {
        return retryAtMicros;
    }

    /** Issues again the storage calls that failed, if they are due. */
    public void retryDue(long nowMicros) {
        if (nowMicros < retryAtMicros) {
            return;
        }
        List<Runnable> due = new ArrayList<>(retries);
        retries.clear();
        retryAtMicros = Long.MAX_VALUE;
        due.forEach(Runnable::run);
    }

    /**
     * Forgets the key's history below {@code horizon}, if it is in memory: for a protocol that reads
     * at snapshots and knows none will be taken below it. Reading below it afterwards fails.
     */
    public void collectGarbage(ChainKey key, Version horizon) {
        Slot s = slots.get(key);
        if (s != null && s.partition != null) {
            s.partition.collectGarbage(horizon);
        }
    }

    /** Whether every commit received has been applied and made durable. */
    public boolean quiescent() {
        return notDurable == 0 && retries.isEmpty();
    }

    private static int bytes(List<RowWrite> writes) {
        int n = 0;
        for (RowWrite w : writes) {
            n += w.sizeBytes();
        }
        return n;
    }

    private static final class Slot {
        final ChainKey key;
        VersionedPartition partition;
        Version known;
        boolean loading;
        final List<Runnable> loadWaiters = new ArrayList<>();
        final List<PendingCommit> blocked = new ArrayList<>();

        Slot(ChainKey key) {
            this.key = key;
        }
    }

    private record PendingCommit(TxnId txn, Version version, List<KeyCommit> keys, Runnable onDurable) {
    }
}
