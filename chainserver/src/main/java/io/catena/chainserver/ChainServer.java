package io.catena.chainserver;

import io.catena.catenae.message.AnnounceMembership;
import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.ChainServerHello;
import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.FinalizeTxn;
import io.catena.catenae.message.Footprint;
import io.catena.catenae.message.Footprints;
import io.catena.catenae.message.KeysHandedOff;
import io.catena.catenae.message.ResolveReply;
import io.catena.catenae.message.ResyncChainServer;
import io.catena.catenae.message.SnapshotRead;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.membership.Membership;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.message.Message;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.RegionSetup;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.txn.TxnPlanner;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * A chain server (Catenae §IV, §VI-C): owns the chain keys the region's membership assigns it in
 * each epoch ({@link KeyOwnership}), runs the transaction-chain concurrency control on them and
 * applies decided writes to storage.
 *
 * <p>It knows nothing of other regions. The coordinator lays each scheduled epoch's footprints
 * (the forward pass, for the whole epoch at once), starts backward passes, and later starts the
 * decided execution (commit pass) of each transaction at its decided version. Footprints arrive
 * in epoch order and every message about a transaction waits until its epoch's footprints are
 * here, so the server's view never depends on message timing.
 *
 * <p>Its state has owners: the keys in memory are {@link ChainKeys}, each unfinished transaction
 * one {@link ChainTxn} in {@link ChainTxns}; the backward pass ({@link SpeculativeExecution} under
 * {@link BackwardPassRules}), the commit pass ({@link DecidedExecution}, {@link CatchUp},
 * {@link Finalization}) and {@link SnapshotReads} each own what they wait on. This class orders
 * what arrives: footprints in epoch order, messages parked until their epoch's footprints are here.
 *
 * <p>Durable state is only the committed data in storage. After a restart the server asks the
 * coordinator (hello) to lay the footprints of every unfinished epoch again and to re-drive the
 * commit passes it has not seen finalized; decided execution recomputes from storage.
 *
 * <p>Threading: one thread at a time, driven by its host.
 */
public final class ChainServer implements ProtocolNode {

    private static final long HELLO_INTERVAL_MICROS = 50_000;

    private final ChainServerContext ctx;
    private final long incarnation;
    private final ChainKeys keys;
    private final ChainTxns txns;
    private final SpeculativeExecution speculative;
    private final DecidedExecution decided;
    private final Finalization finalization;
    private final SnapshotReads snapshots;

    private boolean synced;
    private long helloDueMicros;
    /** Epochs below this were finished before the coordinator answered the hello: their messages are stale. */
    private long resyncFrom = Long.MAX_VALUE;
    /** Every epoch up to this one has its footprints laid here. */
    private long footprintsThrough;
    private final TreeMap<Long, Footprints> pendingFootprints = new TreeMap<>();
    /** Messages about transactions whose epoch's footprints are not laid yet, by that epoch. */
    private final TreeMap<Long, List<Message>> parked = new TreeMap<>();
    private final ArrayDeque<KeyState> dirty = new ArrayDeque<>();
    private boolean pumping;

    /**
     * A chain server of {@code region} with index {@code serverIndex}, in its {@code incarnation},
     * with no memory budget.
     */
    public ChainServer(ClusterConfig config, RegionId region, int serverIndex, long incarnation,
                       ProcedureRegistry procedures, NodePorts ports) {
        this(config, MembershipHistory.hashed(config.chainServersPerRegion()), region, serverIndex, incarnation,
                procedures, ports);
    }

    /**
     * As above, starting from the region's initial membership (the same on all its nodes); the
     * coordinator announces later ones.
     */
    public ChainServer(ClusterConfig config, MembershipHistory history, RegionId region, int serverIndex,
                       long incarnation, ProcedureRegistry procedures, NodePorts ports) {
        this(new ChainServerContext(history, region, serverIndex, config.orderingGraceMicros(),
                new TxnPlanner(procedures), ports), incarnation, Long.MAX_VALUE);
    }

    /**
     * Chain server {@code serverIndex} of the region {@code setup} describes, in its
     * {@code incarnation}, keeping the keys it holds in memory within the setup's budget per chain
     * server ({@link RegionSetup#chainServerMemoryBytes}).
     */
    public ChainServer(RegionSetup setup, int serverIndex, long incarnation, NodePorts ports) {
        this(new ChainServerContext(setup.history(), setup.region(), serverIndex,
                setup.config().orderingGraceMicros(), new TxnPlanner(setup.procedures()), ports), incarnation,
                setup.chainServerMemoryBytes());
    }

    private ChainServer(ChainServerContext ctx, long incarnation, long memoryBudgetBytes) {
        this.ctx = ctx;
        this.incarnation = incarnation;
        this.keys = new ChainKeys(ctx, this::pump, memoryBudgetBytes);
        this.txns = new ChainTxns(ctx.planner);
        this.speculative = new SpeculativeExecution(ctx, keys, txns, this::pump);
        this.decided = new DecidedExecution(ctx, keys, txns, this::pump);
        this.finalization = decided.finalization();
        this.snapshots = new SnapshotReads(ctx, keys);
    }

    @Override
    public NodeId id() {
        return ctx.id;
    }

    public ChainServerStats stats() {
        return ctx.stats;
    }

    /** Whether the coordinator has answered this incarnation's hello. */
    public boolean synced() {
        return synced;
    }

    @Override
    public void onMessage(long now, NodeId from, Message message) {
        if (message instanceof AnnounceMembership announce) {
            // Before the footprints of its epoch, and before a resync that lays them: never parked.
            ctx.ownership.announce(announce.membership());
        } else if (message instanceof KeysHandedOff handedOff) {
            List<Membership> handed = ctx.ownership.handOff(handedOff.fromEpoch());
            if (!handed.isEmpty()) {
                keys.handOff(now, handed, ctx.ownership.handedOffThrough());
            }
        } else if (message instanceof ResyncChainServer resync) {
            onResync(now, resync);
        } else if (message instanceof Footprints footprints) {
            onFootprints(now, footprints);
        } else if (message instanceof ResolveReply reply) {
            speculative.onResolveReply(now, reply);
        } else if (message instanceof SnapshotRead read) {
            if (synced) {
                snapshots.onRead(from, read, footprintsThrough);
            } else {
                snapshots.park(from, read);
            }
        } else {
            TxnId txn = txnOf(message);
            if (txn != null) {
                if (!synced || txn.epoch() > footprintsThrough) {
                    parked.computeIfAbsent(txn.epoch(), e -> new ArrayList<>()).add(message);
                } else if (txn.epoch() >= resyncFrom) {
                    dispatch(now, message);
                }
            }
        }
        keys.evictOverBudget();
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

    private void dispatch(long now, Message message) {
        if (message instanceof BackwardPass m) {
            speculative.onBackwardPass(now, m);
        } else if (message instanceof CommitPass m) {
            decided.onCommitPass(now, m);
        } else if (message instanceof FinalizeTxn m) {
            finalization.onFinalize(now, m);
        }
    }

    private void onResync(long now, ResyncChainServer resync) {
        if (synced || resync.incarnation() != incarnation) {
            return;
        }
        synced = true;
        resyncFrom = resync.fromEpoch();
        footprintsThrough = resync.fromEpoch() - 1;
        pendingFootprints.headMap(resyncFrom).clear();
        advanceFootprints(now);
        snapshots.unpark(footprintsThrough);
    }

    private void onFootprints(long now, Footprints footprints) {
        if (synced && footprints.epoch() <= footprintsThrough) {
            return;
        }
        pendingFootprints.putIfAbsent(footprints.epoch(), footprints);
        if (synced) {
            advanceFootprints(now);
        }
    }

    /**
     * Lays the footprints of every epoch that is next in order (the forward pass, as the
     * coordinator sent it), then lets the messages that waited for each epoch in.
     */
    private void advanceFootprints(long now) {
        while (pendingFootprints.containsKey(footprintsThrough + 1)) {
            Footprints next = pendingFootprints.remove(footprintsThrough + 1);
            for (Footprint f : next.footprints()) {
                KeyState ks = keys.getOrAdd(f.key());
                ChainTxn txn = txns.footprinted(f.txn());
                ks.addFootprint(new FootprintEntry(txn, f.access(), f.contended()));
                txn.laidOn(ks);
                keys.prefetch(ks, next.epoch());
            }
            footprintsThrough = next.epoch();
            if (next.collectBelow() != null) {
                keys.collectBelow(next.collectBelow());
            }
            List<Message> ready = parked.remove(footprintsThrough);
            if (ready != null) {
                ready.forEach(m -> dispatch(now, m));
            }
        }
        parked.headMap(resyncFrom).clear();
        keys.collectGarbage(footprintsThrough);
    }

    /**
     * Lets every piece of work waiting on a key try again until none can progress. Keys that
     * change while pumping are queued rather than pumped recursively: on a hot key a chain of
     * waiting transactions would otherwise nest as deep as it is long.
     */
    private void pump(long now, KeyState ks) {
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
                    progress = speculative.pump(now, next) | decided.pump(now, next);
                }
                snapshots.pump(next, footprintsThrough);
                next.releaseIdleWork();
            }
        } finally {
            pumping = false;
        }
    }

    @Override
    public void onWakeup(long now) {
        speculative.wakeDue(now);
        if (!synced && now >= helloDueMicros) {
            ctx.outbox.send(ctx.coordinator(), new ChainServerHello(ctx.serverIndex, incarnation));
            helloDueMicros = now + HELLO_INTERVAL_MICROS;
        }
        keys.retryLoadsDue(now);
        finalization.retryDue(now);
        keys.evictOverBudget();
    }

    @Override
    public long nextWakeupMicros() {
        long next = Long.MAX_VALUE;
        if (!synced) {
            next = helloDueMicros;
        }
        next = Math.min(next, keys.nextLoadRetryMicros());
        next = Math.min(next, speculative.nextWakeupMicros());
        return Math.min(next, finalization.nextRetryMicros());
    }

    /** Number of chain keys with state in memory (for tests and metrics). */
    public int keysInMemory() {
        return keys.size();
    }
}
