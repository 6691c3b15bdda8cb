package io.catena.chainserver;

import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.exec.AbortAnalysis;
import io.catena.core.exec.HopOutcome;
import io.catena.core.exec.PartitionView;
import io.catena.core.id.NodeId;
import io.catena.core.id.TxnId;
import io.catena.core.message.CommitPass;
import io.catena.core.message.FinalizeTxn;
import io.catena.core.message.PeerVersion;
import io.catena.core.message.TxnComputed;
import io.catena.core.message.TxnFinalized;
import io.catena.core.txn.Hop;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The decided execution of a transaction at its version (Catenae §VI-E: commit and catch-up).
 *
 * <p>On each key, a transaction runs once every writer decided before it on that key has
 * finished there, against exactly the state the decided serialization order gives it: the
 * committed history just below its version, with the final writes of earlier writers that are not
 * applied yet laid over it. If the hop's speculative run was given the same carried values and read
 * the same rows, its result is reused (the speculation was valid); otherwise the hop runs again (it
 * catches up). Writes are held until the last hop has run, then applied (or dropped if some hop
 * aborted), in version order per key, so no reader sees a partial transaction. A held write is
 * <em>released</em> to later transactions at once when no later hop can abort its transaction.
 */
final class DecidedExecution {

    private static final int HOP_BASE_BYTES = 64;
    private static final long APPLY_RETRY_MICROS = 20_000;

    private final ChainServer server;
    /** Finalizations not yet complete here, with the storage applies still outstanding. */
    private final Map<TxnId, FinalizeTxn> finalizing = new LinkedHashMap<>();
    private final Map<TxnId, Integer> applying = new HashMap<>();
    private final TreeMap<Long, List<PendingApply>> retries = new TreeMap<>();

    private record PendingApply(TxnId txn, ChainKey key, Version version, List<RowWrite> writes) {
    }

    DecidedExecution(ChainServer server) {
        this.server = server;
    }

    void onCommitPass(CommitPass m) {
        server.versions.put(m.txn(), m.version());
        for (PeerVersion p : m.peers()) {
            // Only transactions with footprints here are ever waited on.
            if (server.keysOf.containsKey(p.txn())) {
                server.versions.putIfAbsent(p.txn(), p.version());
            }
        }
        TxnPlan plan = server.plan(m.txn(), m.spec());
        if (plan == null || m.hop() < 0 || m.hop() >= plan.size()) {
            return;
        }
        KeyState ks = server.keyState(plan.hop(m.hop()).key());
        ks.commitWaiting.put(m.txn(), m);
        server.pump(ks);
    }

    boolean pump(KeyState ks) {
        boolean progress = false;
        // Copies: running or finalizing one transaction may settle others of this key.
        if (!ks.commitWaiting.isEmpty()) {
            for (CommitPass m : new ArrayList<>(ks.commitWaiting.values())) {
                if (tryRun(ks, m)) {
                    ks.commitWaiting.remove(m.txn());
                    progress = true;
                }
            }
        }
        if (!ks.finalizeWaiting.isEmpty()) {
            for (TxnId t : new ArrayList<>(ks.finalizeWaiting)) {
                ks.finalizeWaiting.remove(t);
                progress |= tryFinalize(t);
            }
        }
        return progress;
    }

    private boolean tryRun(KeyState ks, CommitPass m) {
        if (!ks.loaded()) {
            server.ensureLoaded(ks);
            return false;
        }
        FootprintEntry fp = ks.footprint(m.txn());
        boolean fresh = fp != null && !fp.state.atLeast(FootprintState.COMPUTED);
        if (fresh && hasEarlierWriter(ks, fp, m.version(), false)) {
            return false;
        }
        if (m.version().predecessor().isBefore(ks.committed.horizon())) {
            server.stats.historyMisses++;
            return true;
        }
        TxnPlan plan = server.plan(m.txn(), m.spec());
        HopOutcome outcome = reuseOrRun(m, plan, ks.decidedView(m.version(), server.versions));
        if (fresh) {
            if (outcome.aborted() || outcome.writes().isEmpty()) {
                // Nothing to hold: release later writers on this key now.
                fp.state = FootprintState.FINALIZED;
                ks.removeSpecWrite(m.txn());
            } else {
                fp.heldWrites = outcome.writes();
                fp.state = FootprintState.COMPUTED;
                fp.released = !AbortAnalysis.mayAbortAfter(m.spec(), plan, m.hop());
            }
        }
        forward(m, plan, outcome);
        return true;
    }

    /**
     * Whether a writer ordered before {@code version} on this key has not finished here: not
     * finalized, and — unless {@code applied} is asked — not released either.
     */
    private boolean hasEarlierWriter(KeyState ks, FootprintEntry fp, Version version, boolean applied) {
        for (int i = 0, n = ks.epochs.countThrough(fp.epoch()); i < n; i++) {
            for (FootprintEntry e : ks.epochs.at(i).entries) {
                if (e == fp || e.finalized() || !e.access.writes()) {
                    continue;
                }
                if (!applied && e.released && e.state == FootprintState.COMPUTED) {
                    continue;
                }
                if (e.epoch() < fp.epoch()) {
                    return true;
                }
                Version v = server.versions.get(e.txn);
                if (v == null || v.isBefore(version)) {
                    return true;
                }
            }
        }
        return false;
    }

    private HopOutcome reuseOrRun(CommitPass m, TxnPlan plan, PartitionView view) {
        server.stats.decidedHops++;
        Map<Integer, HopSpeculation> spec = server.speculation.get(m.txn());
        HopSpeculation s = spec == null ? null : spec.get(m.hop());
        if (s != null && s.carryIn().equals(m.carry()) && s.reads().sameAgainst(view)) {
            server.stats.validSpeculativeHops++;
            server.meter.keyAccess(HOP_BASE_BYTES);
            return s.outcome();
        }
        if (s == null) {
            server.stats.unspeculatedHops++;
        } else {
            server.stats.caughtUpHops++;
        }
        HopOutcome outcome = server.executor.execute(m.spec(), plan, m.hop(), view, m.carry());
        server.meter.keyAccess(HOP_BASE_BYTES + outcome.accessedBytes());
        return outcome;
    }

    private void forward(CommitPass m, TxnPlan plan, HopOutcome outcome) {
        if (outcome.aborted()) {
            finalizeEverywhere(m, plan, false);
            server.outbox.send(server.coordinator(),
                    new TxnComputed(m.txn(), m.version(), TxnResult.aborted(outcome.abortReason(), outcome.reads())));
            return;
        }
        List<ReadResult> reads = new ArrayList<>(m.reads());
        reads.addAll(outcome.reads());
        var outputs = m.outputs().merge(outcome.outputs());
        if (m.hop() + 1 < plan.size()) {
            server.outbox.send(server.serverOf(plan.hop(m.hop() + 1).key()),
                    new CommitPass(m.txn(), m.version(), m.spec(), m.hop() + 1, outcome.carryOut(), reads,
                            outputs, m.peers()));
            return;
        }
        finalizeEverywhere(m, plan, true);
        server.outbox.send(server.coordinator(),
                new TxnComputed(m.txn(), m.version(), TxnResult.committed(reads, outputs)));
    }

    private void finalizeEverywhere(CommitPass m, TxnPlan plan, boolean commit) {
        Set<NodeId> servers = new LinkedHashSet<>();
        for (Hop h : plan.hops()) {
            servers.add(server.serverOf(h.key()));
        }
        for (NodeId s : servers) {
            server.outbox.send(s, new FinalizeTxn(m.txn(), m.version(), commit));
        }
    }

    void onFinalize(FinalizeTxn f) {
        if (server.keysOf.get(f.txn()) == null) {
            // Already finalized and forgotten here: acknowledge again, it is idempotent.
            server.outbox.send(server.coordinator(), new TxnFinalized(f.txn(), server.serverIndex));
            return;
        }
        finalizing.putIfAbsent(f.txn(), f);
        tryFinalize(f.txn());
    }

    /**
     * Applies or drops the held writes of a transaction on every key of this server, each key once
     * every earlier writer there is applied. A commit only finalizes hops that were computed: after
     * a restart the hold is gone and the coordinator re-drives the pass, so acknowledging here
     * would lose the writes. Returns whether anything changed.
     */
    private boolean tryFinalize(TxnId txn) {
        FinalizeTxn f = finalizing.get(txn);
        List<KeyState> touched = server.keysOf.get(txn);
        if (f == null || touched == null) {
            return false;
        }
        boolean changed = false;
        boolean complete = true;
        for (KeyState ks : touched) {
            FootprintEntry fp = ks.footprint(txn);
            if (fp == null || fp.finalized()) {
                continue;
            }
            if (f.commit() && fp.state != FootprintState.COMPUTED) {
                complete = false;
                continue;
            }
            if (f.commit() && hasEarlierWriter(ks, fp, f.version(), true)) {
                ks.finalizeWaiting.add(txn);
                complete = false;
                continue;
            }
            if (f.commit()) {
                ks.committed.apply(f.version(), fp.heldWrites);
                server.committedVersion(ks);
                startApply(new PendingApply(txn, ks.key, f.version(), fp.heldWrites));
            }
            fp.heldWrites = List.of();
            fp.released = false;
            fp.state = FootprintState.FINALIZED;
            ks.removeSpecWrite(txn);
            changed = true;
            server.pump(ks);
        }
        if (complete && finalizing.remove(txn) != null && !applying.containsKey(txn)) {
            acknowledge(txn);
        }
        return changed;
    }

    private void startApply(PendingApply p) {
        applying.merge(p.txn(), 1, Integer::sum);
        server.storage.apply(p.key(), p.version(), p.writes()).whenDone((now, ignored, failure) -> {
            server.nowMicros = now;
            if (failure != null) {
                server.stats.storageRetries++;
                retries.computeIfAbsent(now + APPLY_RETRY_MICROS, t -> new ArrayList<>()).add(p);
                return;
            }
            Integer left = applying.merge(p.txn(), -1, Integer::sum);
            if (left != null && left == 0) {
                applying.remove(p.txn());
                if (!finalizing.containsKey(p.txn())) {
                    acknowledge(p.txn());
                }
            }
        });
    }

    private void acknowledge(TxnId txn) {
        server.outbox.send(server.coordinator(), new TxnFinalized(txn, server.serverIndex));
        server.forget(txn);
    }

    void retryDue(long nowMicros) {
        while (!retries.isEmpty() && retries.firstKey() <= nowMicros) {
            for (PendingApply p : retries.pollFirstEntry().getValue()) {
                applying.merge(p.txn(), -1, Integer::sum);
                startApply(p);
            }
        }
    }

    long nextRetryMicros() {
        return retries.isEmpty() ? Long.MAX_VALUE : retries.firstKey();
    }
}
