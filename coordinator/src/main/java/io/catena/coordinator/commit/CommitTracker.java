package io.catena.coordinator.commit;

import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.PeerVersion;
import io.catena.catenae.message.ResyncChainServer;
import io.catena.catenae.message.TxnComputed;
import io.catena.catenae.message.TxnFinalized;
import io.catena.coordinator.CoordinatorContext;
import io.catena.coordinator.decide.ClusterDecision;
import io.catena.coordinator.schedule.ConflictCluster;
import io.catena.coordinator.schedule.EpochClassification;
import io.catena.coordinator.schedule.ScheduledTxn;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Hop;
import io.catena.core.txn.Outcome;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Drives decided transactions through the region's chain servers and tracks them until every
 * server has applied them (Catenae §VI-E). It registers each scheduled epoch and has the
 * {@link ForwardPass} lay its footprints, answers a restarted chain server by laying them again and
 * re-driving what it had not finalized, and knows the region's applied-through version.
 */
public final class CommitTracker {

    /** A stalled transaction waits at most 2^4 = 16 stall periods between re-drives. */
    static final int MAX_REDRIVE_DOUBLINGS = 4;
    /**
     * Stall periods after which the oldest unapplied epoch, still the oldest, is re-driven although
     * the region keeps reporting: in majority mode a region left behind may never go quiet while
     * the others' load lasts.
     */
    static final int STUCK_STALLS = 4;

    private final CoordinatorContext ctx;
    private final CommitListener listener;
    private final ForwardPass forwardPass;
    private final Map<TxnId, TxnRecord> txns = new HashMap<>();
    /** Scheduled epochs not yet fully applied, with their classification and members. */
    private final TreeMap<Long, EpochProgress> epochs = new TreeMap<>();
    private static final long HISTORY_MARGIN_EPOCHS = 100;

    private long appliedThroughEpoch;
    private long scheduledThrough;
    /** When a chain server last reported a transaction computed or finalized. */
    private long lastReportMicros;
    /** The oldest unapplied epoch when {@link #redriveStalled} last looked, and since when it has been. */
    private long oldestEpoch;
    private long oldestSinceMicros;

    private static final class EpochProgress {
        final EpochClassification classification;
        final List<TxnId> members = new ArrayList<>();
        int unfinalized;

        EpochProgress(EpochClassification classification) {
            this.classification = classification;
        }
    }

    public CommitTracker(CoordinatorContext ctx, CommitListener listener) {
        this.ctx = ctx;
        this.listener = listener;
        this.forwardPass = new ForwardPass(ctx);
    }

    /** Registers an epoch's valid transactions and lays their footprints (the forward pass). */
    public void schedule(EpochClassification classification) {
        long epoch = classification.epoch();
        EpochProgress progress = new EpochProgress(classification);
        for (ScheduledTxn t : classification.txns()) {
            BitSet servers = new BitSet();
            for (Hop h : t.plan().hops()) {
                servers.set(ctx.ownership.serverFor(h.key(), epoch));
            }
            boolean conflicting = classification.cluster(t.id()).conflicting();
            txns.put(t.id(), new TxnRecord(t.id(), t.request(), t.spec(), t.plan(), conflicting, servers));
            progress.members.add(t.id());
            progress.unfinalized++;
        }
        epochs.put(epoch, progress);
        scheduledThrough = epoch;
        forwardPass.lay(classification, txns::get, collectBelow());
        advanceApplied();
    }

    /** A non-conflicting transaction is decided by its epoch alone. */
    public void decideAlone(TxnId txn, long nowMicros) {
        decide(txn, Version.of(txn.epoch(), 0), List.of(), nowMicros);
    }

    public void decideCluster(ClusterDecision decision, ConflictCluster cluster, long nowMicros) {
        for (Map.Entry<TxnId, Version> e : decision.versions().entrySet()) {
            decide(e.getKey(), e.getValue(), peersOf(e.getKey(), cluster, decision), nowMicros);
        }
    }

    /** Versions of the members that share a contended key with {@code txn}. */
    private static List<PeerVersion> peersOf(TxnId txn, ConflictCluster cluster, ClusterDecision decision) {
        Map<TxnId, Version> peers = new LinkedHashMap<>();
        for (Map.Entry<ChainKey, List<TxnId>> e : cluster.contendedKeys().entrySet()) {
            if (e.getValue().contains(txn)) {
                for (TxnId p : e.getValue()) {
                    if (!p.equals(txn)) {
                        peers.put(p, decision.versions().get(p));
                    }
                }
            }
        }
        List<PeerVersion> out = new ArrayList<>();
        peers.forEach((t, v) -> out.add(new PeerVersion(t, v)));
        return out;
    }

    private void decide(TxnId txn, Version version, List<PeerVersion> peers, long nowMicros) {
        TxnRecord r = txns.get(txn);
        if (r == null || r.decided()) {
            return;
        }
        r.decide(version, peers);
        drive(r, nowMicros);
    }

    private void drive(TxnRecord r, long nowMicros) {
        r.lastDrivenMicros = nowMicros;
        ChainKey first = r.plan.hop(0).key();
        ctx.outbox.send(ctx.chainServer(ctx.ownership.serverFor(first, r.id.epoch())),
                new CommitPass(r.id, r.version, r.spec, 0, Row.EMPTY, List.of(), Row.EMPTY, r.peers));
    }

    public void onComputed(TxnComputed computed, long nowMicros) {
        lastReportMicros = nowMicros;
        TxnRecord r = txns.get(computed.txn());
        if (r == null || r.answered()) {
            return;
        }
        r.answer();
        if (computed.result().outcome() == Outcome.COMMITTED) {
            ctx.stats.committed++;
        } else {
            ctx.stats.aborted++;
        }
        listener.onResult(r.id, r.request, computed.result(), r.version, r.conflicting, nowMicros);
    }

    public void onFinalized(TxnFinalized finalized, long nowMicros) {
        lastReportMicros = nowMicros;
        TxnRecord r = txns.get(finalized.txn());
        if (r == null || r.finalizedAt.get(finalized.server())) {
            return;
        }
        r.finalizedAt.set(finalized.server());
        if (r.finalized()) {
            EpochProgress p = epochs.get(r.id.epoch());
            if (p != null) {
                p.unfinalized--;
            }
            advanceApplied();
        }
    }

    private void advanceApplied() {
        while (!epochs.isEmpty()) {
            Map.Entry<Long, EpochProgress> first = epochs.firstEntry();
            if (first.getValue().unfinalized > 0) {
                return;
            }
            for (TxnId t : first.getValue().members) {
                txns.remove(t);
            }
            epochs.pollFirstEntry();
            appliedThroughEpoch = first.getKey();
        }
        appliedThroughEpoch = Math.max(appliedThroughEpoch, scheduledThrough);
    }

    /**
     * How far chain servers may forget history: a margin of epochs below the applied-through point,
     * so that read-only queries that chose their snapshot a moment ago can still read it.
     */
    private Version collectBelow() {
        long epoch = appliedThroughEpoch - HISTORY_MARGIN_EPOCHS;
        return epoch < 1 ? null : Version.endOf(epoch);
    }

    /** After a restart: everything up to {@code epoch} was applied before. */
    public void resumeAfter(long epoch) {
        appliedThroughEpoch = Math.max(appliedThroughEpoch, epoch);
        scheduledThrough = Math.max(scheduledThrough, epoch);
    }

    /** Every transaction at or below this version is applied in the region. */
    public Version appliedThrough() {
        return Version.endOf(appliedThroughEpoch);
    }

    public long appliedThroughEpoch() {
        return appliedThroughEpoch;
    }

    /** A chain server restarted: lay its unfinished footprints again and re-drive its commit passes. */
    public void onChainServerHello(int server, long incarnation, long nextToSchedule, long nowMicros) {
        long from = epochs.isEmpty() ? nextToSchedule : epochs.firstKey();
        ctx.outbox.send(ctx.chainServer(server), new ResyncChainServer(from, incarnation));
        for (long e = from; e < nextToSchedule; e++) {
            EpochProgress p = epochs.get(e);
            forwardPass.layAgain(server, e, p == null ? null : p.classification, txns::get, collectBelow());
        }
        for (EpochProgress p : epochs.values()) {
            for (TxnId t : p.members) {
                TxnRecord r = txns.get(t);
                if (r != null && r.decided() && r.servers.get(server) && !r.finalizedAt.get(server)) {
                    ctx.stats.commitPassRedrives++;
                    drive(r, nowMicros);
                }
            }
        }
    }

    /**
     * Re-drives decided transactions whose commit pass was lost (a message lost to a crash): the
     * decided and unfinalized transactions of the oldest unapplied epoch, which holds the region's
     * applied-through point, that were last driven {@code stallMicros} ago or more, once the
     * region's chain servers have reported nothing (no transaction computed or finalized) for
     * {@code stallMicros}, or that epoch has been the oldest for {@value #STUCK_STALLS} times as
     * long. Re-driving is idempotent: hops that already ran compute the same result again. Each
     * re-drive of a transaction doubles its next wait, up to {@value #MAX_REDRIVE_DOUBLINGS}
     * doublings: on an overloaded store every transaction is slow, and re-driving them all every
     * few seconds piled hop executions on the chain servers faster than the store applied them.
     * Only what holds the region, and only once it is stuck: a region that is merely behind
     * reports as it works through its backlog, its epochs applied one after another, and
     * re-driving every transaction older than the stall ran each again behind that backlog (a
     * region 3 s behind under load re-drove tens of thousands a second, halved its throughput and
     * fell further behind). A lost message in a later epoch is re-driven once its epoch is the
     * oldest.
     */
    public void redriveStalled(long nowMicros, long stallMicros) {
        if (epochs.isEmpty()) {
            return;
        }
        Map.Entry<Long, EpochProgress> oldest = epochs.firstEntry();
        if (oldest.getKey() != oldestEpoch) {
            oldestEpoch = oldest.getKey();
            oldestSinceMicros = nowMicros;
        }
        boolean quiet = nowMicros - lastReportMicros >= stallMicros;
        boolean stuck = nowMicros - oldestSinceMicros >= STUCK_STALLS * stallMicros;
        if (!quiet && !stuck) {
            return;
        }
        for (TxnId t : oldest.getValue().members) {
            TxnRecord r = txns.get(t);
            long wait = stallMicros << Math.min(r == null ? 0 : r.redrives, MAX_REDRIVE_DOUBLINGS);
            if (r != null && r.decided() && !r.finalized() && nowMicros - r.lastDrivenMicros >= wait) {
                ctx.stats.commitPassRedrives++;
                r.redrives++;
                drive(r, nowMicros);
            }
        }
    }

    public boolean knows(TxnId txn) {
        return txns.containsKey(txn);
    }

    public int inFlight() {
        return txns.size();
    }

    /** The oldest epoch not yet applied everywhere in the region, or {@code fallback}. */
    public long oldestUnapplied(long fallback) {
        return epochs.isEmpty() ? fallback : epochs.firstKey();
    }
}
