package io.catena.chainserver;

import io.catena.core.data.Row;
import io.catena.core.exec.HopOutcome;
import io.catena.core.id.TxnId;
import io.catena.core.message.BackwardPass;
import io.catena.core.message.KeyOrderReport;
import io.catena.core.message.ResolveReply;
import io.catena.core.message.ResolveRequest;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.txn.Access;
import io.catena.core.txn.TxnPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The backward pass (Catenae §VI-C): transactions precommit on each key in the order they get
 * there, and that order is the region's speculation of the serialization order.
 *
 * <p>Rule 1: a transaction is ordered after everything already precommitted on the key, and
 * everything of an earlier epoch precedes it. Before it precommits ahead of conflicting
 * transactions that have footprints here but have not precommitted (it "overtakes" them), it asks
 * the resolver, which refuses if one of them is already ordered before it elsewhere.
 * Rule 2: it then precommits only once everything ordered before it on this key has.
 * Precommitting runs the hop against the newest temporary versions and leaves its own.
 *
 * <p>Questions about one key do not block each other: the resolver answers them one at a time and
 * records only orders that create no cycle, so of two transactions that overtake each other the
 * first answered goes ahead and the second is told to wait for it. An answer places the transaction
 * for good — ahead of the overtaken transactions that do not precede it, after those that do — so it
 * asks once, precommits when those it waits for have, and a hot key streams precommits at the
 * resolver's pace instead of one round trip at a time.
 */
final class SpeculativeExecution {

    private static final int HOP_BASE_BYTES = 64;

    private final ChainServer server;

    SpeculativeExecution(ChainServer server) {
        this.server = server;
    }

    void onBackwardPass(BackwardPass m) {
        TxnPlan plan = server.plan(m.txn(), m.spec());
        if (plan == null || m.hop() < 0 || m.hop() >= plan.size()) {
            return;
        }
        KeyState ks = server.keys.get(plan.hop(m.hop()).key());
        FootprintEntry fp = ks == null ? null : ks.footprint(m.txn());
        if (fp == null || fp.state != FootprintState.FOOTPRINT) {
            return;
        }
        if (ks.backwardWaiting.putIfAbsent(m.txn(), m) == null) {
            fp.arrivedMicros = server.nowMicros;
        }
        server.pump(ks);
    }

    void onResolveReply(ResolveReply reply) {
        KeyState ks = server.keys.get(reply.key());
        if (ks == null) {
            return;
        }
        FootprintEntry fp = ks.footprint(reply.txn());
        if (fp != null) {
            fp.querying = false;
        }
        if (fp != null && fp.state == FootprintState.FOOTPRINT) {
            fp.cleared = true;
            fp.waitFor = reply.waitFor();
        }
        server.pump(ks);
    }

    /** Tries every waiting backward pass on the key once; true if any made progress. */
    boolean pump(KeyState ks) {
        if (ks.backwardWaiting.isEmpty()) {
            return false;
        }
        boolean progress = false;
        // A copy: trying one pass may settle others of this key.
        for (BackwardPass m : new ArrayList<>(ks.backwardWaiting.values())) {
            if (tryPrecommit(ks, m)) {
                ks.backwardWaiting.remove(m.txn());
                progress = true;
            }
        }
        return progress;
    }

    /** True when the pass is done with this key (precommitted, or nothing left to do). */
    private boolean tryPrecommit(KeyState ks, BackwardPass m) {
        FootprintEntry fp = ks.footprint(m.txn());
        if (fp == null || fp.state != FootprintState.FOOTPRINT) {
            return true;
        }
        if (!ks.loaded()) {
            server.ensureLoaded(ks);
            return false;
        }
        if (fp.querying || !earlierEpochsPrecommitted(ks, fp) || !waitedForPrecommitted(ks, fp)) {
            return false;
        }
        if (!fp.cleared) {
            List<TxnId> overtaken = overtaken(ks, fp);
            if (!overtaken.isEmpty() && inGracePeriod(ks, fp)) {
                return false;
            }
            if (!overtaken.isEmpty()) {
                fp.querying = true;
                server.stats.resolverQueries++;
                server.outbox.send(server.resolver(), new ResolveRequest(fp.txn, ks.key, overtaken));
                return false;
            }
        }
        precommit(ks, fp, m);
        return true;
    }

    /**
     * A transaction about to overtake one that arrived earlier in their epoch gives it a short
     * grace period first: where two transactions reach a key within a hop's jitter of each other,
     * every region then precommits them in arrival order rather than by noise.
     */
    private boolean inGracePeriod(KeyState ks, FootprintEntry fp) {
        long until = fp.arrivedMicros + server.orderingGraceMicros;
        if (server.orderingGraceMicros == 0 || server.nowMicros >= until) {
            return false;
        }
        for (FootprintEntry e : ks.epochs.get(fp.epoch()).entries) {
            if (e.canonical < fp.canonical && !e.precommitted() && fp.access.conflictsWith(e.access)) {
                server.wakeAt(until, ks);
                return true;
            }
        }
        return false;
    }

    private static boolean earlierEpochsPrecommitted(KeyState ks, FootprintEntry fp) {
        for (int i = 0, n = ks.epochs.countBefore(fp.epoch()); i < n; i++) {
            for (FootprintEntry e : ks.epochs.at(i).entries) {
                if (!e.precommitted()) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean waitedForPrecommitted(KeyState ks, FootprintEntry fp) {
        for (TxnId t : fp.waitFor) {
            FootprintEntry w = ks.footprint(t);
            if (w != null && !w.precommitted()) {
                return false;
            }
        }
        return true;
    }

    private static List<TxnId> overtaken(KeyState ks, FootprintEntry fp) {
        List<TxnId> out = List.of();
        for (FootprintEntry e : ks.epochs.get(fp.epoch()).entries) {
            if (e != fp && !e.precommitted() && fp.access.conflictsWith(e.access)) {
                if (out.isEmpty()) {
                    out = new ArrayList<>();
                }
                out.add(e.txn);
            }
        }
        return out;
    }

    private void precommit(KeyState ks, FootprintEntry fp, BackwardPass m) {
        TxnPlan plan = server.plan(m.txn(), m.spec());
        HopOutcome outcome;
        if (m.aborted()) {
            outcome = new HopOutcome(List.of(), m.carry(), List.of(), Row.EMPTY, null, 0);
        } else {
            ReadLog log = new ReadLog(ks.speculativeView());
            outcome = server.executor.execute(m.spec(), plan, m.hop(), log, m.carry());
            server.speculation.computeIfAbsent(m.txn(), t -> new HashMap<>())
                    .put(m.hop(), new HopSpeculation(m.carry(), log, outcome));
            if (!outcome.aborted() && !outcome.writes().isEmpty()) {
                ks.specStack.add(new SpecWrite(m.txn(), outcome.writes()));
            }
        }
        server.stats.speculativeHops++;
        server.meter.keyAccess(HOP_BASE_BYTES + outcome.accessedBytes());
        fp.state = FootprintState.PRECOMMITTED;
        EpochSlot slot = ks.epochs.get(fp.epoch());
        slot.precommitOrder.add(fp.txn);
        if (m.hop() + 1 < plan.size()) {
            server.outbox.send(server.serverOf(plan.hop(m.hop() + 1).key()),
                    new BackwardPass(m.txn(), m.spec(), m.hop() + 1, outcome.carryOut(),
                            m.aborted() || outcome.aborted()));
        }
        maybeReportOrder(ks, slot);
    }

    /** Once every transaction of a contended epoch has precommitted here, the order is a vote. */
    private void maybeReportOrder(KeyState ks, EpochSlot slot) {
        if (!slot.contended || slot.reported || slot.precommitOrder.size() != slot.entries.size()) {
            return;
        }
        slot.reported = true;
        server.stats.keyOrderReports++;
        server.outbox.send(server.coordinator(),
                new KeyOrderReport(slot.epoch, ks.key, canonicalOrder(slot)));
    }

    /** The precommit order in canonical form (runs of readers sorted). */
    static List<TxnId> canonicalOrder(EpochSlot slot) {
        Map<TxnId, Access> access = new HashMap<>();
        for (FootprintEntry e : slot.entries) {
            access.put(e.txn, e.access);
        }
        return KeyOrderVote.canonical(slot.precommitOrder, t -> access.get(t).writes());
    }
}
