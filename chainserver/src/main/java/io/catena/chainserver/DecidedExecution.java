package io.catena.chainserver;

import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.FinalizeTxn;
import io.catena.catenae.message.TxnComputed;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Version;
import io.catena.core.exec.AbortAnalysis;
import io.catena.core.exec.HopOutcome;
import io.catena.core.id.NodeId;
import io.catena.core.txn.Hop;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The decided execution of a transaction at its version (Catenae §VI-E: the commit pass).
 *
 * <p>On each key, a transaction runs once every writer decided before it on that key has
 * finished there, against exactly the state the decided serialization order gives it: the
 * committed history just below its version, with the final writes of earlier writers that are not
 * applied yet laid over it. {@link CatchUp} reuses its speculative result if that is still valid
 * and runs it again otherwise. Writes are held until the last hop has run, then applied (or
 * dropped if some hop aborted) by {@link Finalization}. A held write is <em>released</em> to later
 * transactions at once when no later hop can abort its transaction.
 */
final class DecidedExecution {

    private final ChainServerContext ctx;
    private final ChainKeys keys;
    private final ChainTxns txns;
    private final KeyPump pump;
    private final CatchUp catchUp;
    private final Finalization finalization;

    DecidedExecution(ChainServerContext ctx, ChainKeys keys, ChainTxns txns, KeyPump pump) {
        this.ctx = ctx;
        this.keys = keys;
        this.txns = txns;
        this.pump = pump;
        this.catchUp = new CatchUp(ctx);
        this.finalization = new Finalization(ctx, keys, txns, pump);
    }

    Finalization finalization() {
        return finalization;
    }

    void onCommitPass(long nowMicros, CommitPass m) {
        txns.decided(m.txn(), m.version(), m.peers());
        TxnPlan plan = txns.plan(m.txn(), m.spec());
        if (plan == null || m.hop() < 0 || m.hop() >= plan.size()) {
            return;
        }
        KeyState ks = keys.getOrAdd(plan.hop(m.hop()).key());
        ks.work().commitWaiting.put(m.txn(), m);
        pump.pump(nowMicros, ks);
    }

    boolean pump(long nowMicros, KeyState ks) {
        KeyWork work = ks.pending();
        if (work == null) {
            return false;
        }
        boolean progress = false;
        // Copies: running or finalizing one transaction may settle others of this key.
        if (!work.commitWaiting.isEmpty()) {
            for (CommitPass m : new ArrayList<>(work.commitWaiting.values())) {
                if (tryRun(ks, m)) {
                    work.commitWaiting.remove(m.txn());
                    progress = true;
                }
            }
        }
        if (!work.finalizeWaiting.isEmpty()) {
            for (var t : new ArrayList<>(work.finalizeWaiting)) {
                work.finalizeWaiting.remove(t);
                progress |= finalization.tryFinalize(nowMicros, t);
            }
        }
        return progress;
    }

    private boolean tryRun(KeyState ks, CommitPass m) {
        if (!keys.ready(ks, m.txn().epoch())) {
            return false;
        }
        FootprintEntry fp = ks.footprint(m.txn());
        boolean fresh = fp != null && !fp.state.atLeast(FootprintState.COMPUTED);
        if (fresh && hasEarlierWriter(ks, fp, m.version(), false)) {
            return false;
        }
        if (m.version().predecessor().isBefore(ks.committed.horizon())) {
            ctx.stats.historyMisses++;
            return true;
        }
        TxnPlan plan = txns.plan(m.txn(), m.spec());
        HopOutcome outcome = catchUp.validateOrCatchUp(m, plan, txns.get(m.txn()), ks.decidedView(m.version()));
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
    static boolean hasEarlierWriter(KeyState ks, FootprintEntry fp, Version version, boolean applied) {
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
                Version v = e.owner.version;
                if (v == null || v.isBefore(version)) {
                    return true;
                }
            }
        }
        return false;
    }

    private void forward(CommitPass m, TxnPlan plan, HopOutcome outcome) {
        if (outcome.aborted()) {
            finalizeEverywhere(m, plan, false);
            ctx.outbox.send(ctx.coordinator(),
                    new TxnComputed(m.txn(), m.version(), TxnResult.aborted(outcome.abortReason(), outcome.reads())));
            return;
        }
        List<ReadResult> reads = new ArrayList<>(m.reads());
        reads.addAll(outcome.reads());
        var outputs = m.outputs().merge(outcome.outputs());
        if (m.hop() + 1 < plan.size()) {
            ctx.outbox.send(ctx.serverOf(plan.hop(m.hop() + 1).key(), m.txn().epoch()),
                    new CommitPass(m.txn(), m.version(), m.spec(), m.hop() + 1, outcome.carryOut(), reads,
                            outputs, m.peers()));
            return;
        }
        finalizeEverywhere(m, plan, true);
        ctx.outbox.send(ctx.coordinator(),
                new TxnComputed(m.txn(), m.version(), TxnResult.committed(reads, outputs)));
    }

    private void finalizeEverywhere(CommitPass m, TxnPlan plan, boolean commit) {
        Set<NodeId> servers = new LinkedHashSet<>();
        for (Hop h : plan.hops()) {
            servers.add(ctx.serverOf(h.key(), m.txn().epoch()));
        }
        for (NodeId s : servers) {
            ctx.outbox.send(s, new FinalizeTxn(m.txn(), m.version(), commit));
        }
    }
}
