package io.catena.chainserver;

import io.catena.core.config.ClusterConfig;
import io.catena.core.config.Placement;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.exec.HopExecutor;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.BackwardPass;
import io.catena.core.message.ChainServerHello;
import io.catena.core.message.CommitPass;
import io.catena.core.message.FinalizeTxn;
import io.catena.core.message.Footprint;
import io.catena.core.message.Footprints;
import io.catena.core.message.Message;
import io.catena.core.message.ResolveReply;
import io.catena.core.message.ResyncChainServer;
import io.catena.core.message.SnapshotRead;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * A chain server (Catenae §IV, §VI-C): owns the chain keys its placement assigns it, runs the
 * transaction-chain concurrency control on them and applies decided writes to storage.
 *
 * <p>It knows nothing of other regions. The coordinator lays each scheduled epoch's footprints
 * (the forward pass, for the whole epoch at once), starts backward passes, and later starts the
 * decided execution (commit pass) of each transaction at its decided version. Footprints arrive
 * in epoch order and every message about a transaction waits until its epoch's footprints are
 * here, so the server's view never depends on message timing.
 *
 * <p>Durable state is only the committed data in storage. After a restart the server asks the
 * coordinator (hello) to lay the footprints of every unfinished epoch again and to re-drive the
 * commit passes it has not seen finalized; decided execution recomputes from storage.
 *
 * <p>Threading: one thread at a time, driven by its host.
 */
public final class ChainServer implements ProtocolNode {

    private static final long HELLO_INTERVAL_MICROS = 50_000;
    private static final long RETRY_BACKOFF_MICROS = 20_000;
    private static final long COLLECTION_INTERVAL_EPOCHS = 100;

    final NodeId id;
    final int serverIndex;
    final RegionId region;
    final Placement placement;
    final TxnPlanner planner;
    final HopExecutor executor;
    final Outbox outbox;
    final StoragePort storage;
    final WorkMeter meter;
    final long incarnation;
    final long orderingGraceMicros;
    /** The time of the step being run. */
    long nowMicros;
    final ChainServerStats stats = new ChainServerStats();

    final Map<ChainKey, KeyState> keys = new HashMap<>();
    final Map<TxnId, TxnPlan> plans = new HashMap<>();
    /** The keys each unfinished transaction has footprints on here, as their states: no lookups. */
    final Map<TxnId, List<KeyState>> keysOf = new HashMap<>();
    final Map<TxnId, Version> versions = new HashMap<>();
    final Map<TxnId, Map<Integer, HopSpeculation>> speculation = new HashMap<>();

    private final SpeculativeExecution speculative = new SpeculativeExecution(this);
    private final DecidedExecution decided = new DecidedExecution(this);
    private final SnapshotReads snapshots = new SnapshotReads(this);

    private boolean synced;
    private long helloDueMicros;
    long resyncFrom = Long.MAX_VALUE;
    long footprintsThrough;
    private final TreeMap<Long, Footprints> pendingFootprints = new TreeMap<>();
    private final TreeMap<Long, List<Message>> parked = new TreeMap<>();
    private final List<SnapshotRead> parkedSnapshots = new ArrayList<>();
    private final List<NodeId> parkedSnapshotSenders = new ArrayList<>();
    private final TreeMap<Long, List<ChainKey>> loadRetries = new TreeMap<>();
    private final ArrayDeque<KeyState> dirty = new ArrayDeque<>();
    private final TreeMap<Long, Set<ChainKey>> graceWakeups = new TreeMap<>();
    private boolean pumping;
    /** History below this version is no longer needed anywhere in the region. */
    private Version collectBelow;
    private long lastCollectionEpoch;
    /**
     * Keys whose history may hold versions older than their latest, in the order they gained one:
     * the only keys a collection needs to visit (most loaded keys are read, or written once, and
     * have nothing to forget).
     */
    private final Set<KeyState> uncollected = new LinkedHashSet<>();

    /** A chain server of {@code region} with index {@code serverIndex}, in its {@code incarnation}. */
    public ChainServer(ClusterConfig config, RegionId region, int serverIndex, long incarnation,
                       ProcedureRegistry procedures, NodePorts ports) {
        this(config, config.placement(), region, serverIndex, incarnation, procedures, ports);
    }

    /** As above, with the region's own placement of keys on chain servers (the same on all its nodes). */
    public ChainServer(ClusterConfig config, Placement placement, RegionId region, int serverIndex, long incarnation,
                       ProcedureRegistry procedures, NodePorts ports) {
        this.id = NodeId.chainServer(region, serverIndex);
        this.region = region;
        this.serverIndex = serverIndex;
        this.incarnation = incarnation;
        this.placement = placement;
        this.orderingGraceMicros = config.orderingGraceMicros();
        this.planner = new TxnPlanner(procedures);
        this.executor = new HopExecutor(planner);
        this.outbox = ports.outbox();
        this.storage = ports.storage();
        this.meter = ports.meter();
    }

    @Override
    public NodeId id() {
        return id;
    }

    public ChainServerStats stats() {
        return stats;
    }

    /** Whether the coordinator has answered this incarnation's hello. */
    public boolean synced() {
        return synced;
    }

    @Override
    public void onMessage(long now, NodeId from, Message message) {
        nowMicros = now;
        if (message instanceof ResyncChainServer resync) {
            onResync(resync);
        } else if (message instanceof Footprints footprints) {
            onFootprints(footprints);
        } else if (message instanceof ResolveReply reply) {
            speculative.onResolveReply(reply);
        } else if (message instanceof SnapshotRead read) {
            if (synced) {
                snapshots.onRead(from, read);
            } else {
                parkedSnapshots.add(read);
                parkedSnapshotSenders.add(from);
            }
        } else {
            TxnId txn = txnOf(message);
            if (txn != null) {
                if (!synced || txn.epoch() > footprintsThrough) {
                    parked.computeIfAbsent(txn.epoch(), e -> new ArrayList<>()).add(message);
                } else if (txn.epoch() >= resyncFrom) {
                    dispatch(message);
                }
            }
        }
    }

    private static TxnId txnOf(Message message) {
        if (message instanceof BackwardPass m) {
            return m.txn();
        } else if (message instanceof CommitPass m) {
            return m.txn();
        } else if (message instanceof FinalizeTxn m) {
            return m.txn();
        }
        return null;
    }

    private void dispatch(Message message) {
        if (message instanceof BackwardPass m) {
            speculative.onBackwardPass(m);
        } else if (message instanceof CommitPass m) {
            decided.onCommitPass(m);
        } else if (message instanceof FinalizeTxn m) {
            decided.onFinalize(m);
        }
    }

    private void onResync(ResyncChainServer resync) {
        if (synced || resync.incarnation() != incarnation) {
            return;
        }
        synced = true;
        resyncFrom = resync.fromEpoch();
        footprintsThrough = resync.fromEpoch() - 1;
        pendingFootprints.headMap(resyncFrom).clear();
        advanceFootprints();
        for (int i = 0; i < parkedSnapshots.size(); i++) {
            snapshots.onRead(parkedSnapshotSenders.get(i), parkedSnapshots.get(i));
        }
        parkedSnapshots.clear();
        parkedSnapshotSenders.clear();
    }

    private void onFootprints(Footprints footprints) {
        if (synced && footprints.epoch() <= footprintsThrough) {
            return;
        }
        pendingFootprints.putIfAbsent(footprints.epoch(), footprints);
        if (synced) {
            advanceFootprints();
        }
    }

    private void advanceFootprints() {
        while (pendingFootprints.containsKey(footprintsThrough + 1)) {
            Footprints next = pendingFootprints.remove(footprintsThrough + 1);
            for (Footprint f : next.footprints()) {
                KeyState ks = keyState(f.key());
                ks.addFootprint(new FootprintEntry(f.txn(), f.access(), f.contended()));
                List<KeyState> touched = keysOf.computeIfAbsent(f.txn(), t -> new ArrayList<>(3));
                if (!touched.contains(ks)) {
                    touched.add(ks);
                }
                ensureLoaded(ks);
            }
            footprintsThrough = next.epoch();
            if (next.collectBelow() != null) {
                collectBelow = next.collectBelow();
            }
            List<Message> ready = parked.remove(footprintsThrough);
            if (ready != null) {
                ready.forEach(this::dispatch);
            }
        }
        parked.headMap(resyncFrom).clear();
        collectGarbage();
    }

    /**
     * Every {@link #COLLECTION_INTERVAL_EPOCHS} epochs, forgets history no reader and no re-driven
     * pass can need, in memory and in storage, on keys nothing waits on.
     */
    private void collectGarbage() {
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
                storage.collectGarbage(ks.key, collectBelow);
            }
            if (!ks.committed.hasHistoryAboveHorizon()) {
                it.remove();
            }
        }
        versions.keySet().removeIf(t -> !keysOf.containsKey(t));
    }

    /** A key gained a committed version: a later collection may have history of it to forget. */
    void committedVersion(KeyState ks) {
        uncollected.add(ks);
    }

    KeyState keyState(ChainKey key) {
        return keys.computeIfAbsent(key, KeyState::new);
    }

    /** The chain of a transaction; every region plans a spec identically. */
    TxnPlan plan(TxnId txn, TxnSpec spec) {
        TxnPlan plan = plans.get(txn);
        if (plan == null) {
            TxnPlanner.Planned planned = planner.plan(spec);
            if (!planned.valid()) {
                return null;
            }
            plan = planned.plan();
            plans.put(txn, plan);
        }
        return plan;
    }

    NodeId serverOf(ChainKey key) {
        return NodeId.chainServer(region, placement.serverFor(key));
    }

    NodeId coordinator() {
        return NodeId.coordinator(region);
    }

    NodeId resolver() {
        return NodeId.resolver(region);
    }

    /** Starts loading a key's committed history if it is not in memory; work on it waits. */
    void ensureLoaded(KeyState ks) {
        if (ks.loaded() || ks.loading) {
            return;
        }
        ks.loading = true;
        storage.loadPartition(ks.key).whenDone((now, image, failure) -> {
            nowMicros = now;
            ks.loading = false;
            if (failure != null) {
                stats.storageRetries++;
                loadRetries.computeIfAbsent(now + RETRY_BACKOFF_MICROS, t -> new ArrayList<>()).add(ks.key);
                return;
            }
            ks.committed = VersionedPartition.fromImage(image);
            committedVersion(ks);
            pump(ks);
        });
    }

    /**
     * Lets every piece of work waiting on a key try again until none can progress. Keys that
     * change while pumping are queued rather than pumped recursively: on a hot key a chain of
     * waiting transactions would otherwise nest as deep as it is long.
     */
    void pump(KeyState ks) {
        if (!dirty.contains(ks)) {
            dirty.add(ks);
        }
        if (pumping) {
            return;
        }
        pumping = true;
        try {
            while (!dirty.isEmpty()) {
                KeyState next = dirty.poll();
                boolean progress = true;
                while (progress) {
                    progress = speculative.pump(next) | decided.pump(next);
                }
                snapshots.pump(next);
            }
        } finally {
            pumping = false;
        }
    }

    /** Forgets per-transaction state once the transaction is finalized here. */
    void forget(TxnId txn) {
        speculation.remove(txn);
        plans.remove(txn);
        List<KeyState> touched = keysOf.remove(txn);
        if (touched != null) {
            for (KeyState state : touched) {
                state.dropFinishedEpochs();
            }
        }
    }

    /** Pumps {@code ks} again at {@code atMicros} (a grace period ends). */
    void wakeAt(long atMicros, KeyState ks) {
        graceWakeups.computeIfAbsent(atMicros, t -> new LinkedHashSet<>()).add(ks.key);
    }

    @Override
    public void onWakeup(long now) {
        nowMicros = now;
        while (!graceWakeups.isEmpty() && graceWakeups.firstKey() <= nowMicros) {
            for (ChainKey k : graceWakeups.pollFirstEntry().getValue()) {
                pump(keyState(k));
            }
        }
        if (!synced && nowMicros >= helloDueMicros) {
            outbox.send(coordinator(), new ChainServerHello(serverIndex, incarnation));
            helloDueMicros = nowMicros + HELLO_INTERVAL_MICROS;
        }
        while (!loadRetries.isEmpty() && loadRetries.firstKey() <= nowMicros) {
            for (ChainKey k : loadRetries.pollFirstEntry().getValue()) {
                ensureLoaded(keyState(k));
            }
        }
        decided.retryDue(nowMicros);
    }

    @Override
    public long nextWakeupMicros() {
        long next = Long.MAX_VALUE;
        if (!synced) {
            next = helloDueMicros;
        }
        if (!loadRetries.isEmpty()) {
            next = Math.min(next, loadRetries.firstKey());
        }
        if (!graceWakeups.isEmpty()) {
            next = Math.min(next, graceWakeups.firstKey());
        }
        return Math.min(next, decided.nextRetryMicros());
    }

    /** Number of chain keys with state in memory (for tests and metrics). */
    public int keysInMemory() {
        return keys.size();
    }
}
