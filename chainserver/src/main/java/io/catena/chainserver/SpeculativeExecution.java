package io.catena.chainserver;

import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.KeyOrderReport;
import io.catena.catenae.message.ResolveReply;
import io.catena.catenae.message.ResolveRequest;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.exec.HopOutcome;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.txn.Access;
import io.catena.core.txn.TxnPlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The speculative execution of the backward pass (Catenae §VI-C) under {@link BackwardPassRules}:
 * resolver questions, precommits that run the hop against the newest temporary versions and leave
 * their own, and the key-order votes of contended epochs.
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

    private final ChainServerContext ctx;
    private final ChainKeys keys;
    private final ChainTxns txns;
    private final KeyPump pump;
    /** Keys to pump again when a grace period ends, by that time. */
    private final TreeMap<Long, Set<ChainKey>> graceWakeups = new TreeMap<>();

    SpeculativeExecution(ChainServerContext ctx, ChainKeys keys, ChainTxns txns, KeyPump pump) {
        this.ctx = ctx;
        this.keys = keys;
        this.txns = txns;
        this.pump = pump;
    }

    void onBackwardPass(long nowMicros, BackwardPass m) {
        TxnPlan plan = txns.plan(m.txn(), m.spec());
        if (plan == null || m.hop() < 0 || m.hop() >= plan.size()) {
            return;
        }
        KeyState ks = keys.get(plan.hop(m.hop()).key());
        FootprintEntry fp = ks == null ? null : ks.footprint(m.txn());
        if (fp == null || fp.state != FootprintState.FOOTPRINT) {
            return;
        }
        if (ks.work().backwardWaiting.putIfAbsent(m.txn(), m) == null) {
            fp.arrivedMicros = nowMicros;
        }
        pump.pump(nowMicros, ks);
    }

    void onResolveReply(long nowMicros, ResolveReply reply) {
        KeyState ks = keys.get(reply.key());
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
        pump.pump(nowMicros, ks);
    }

    /** Tries every waiting backward pass on the key once; true if any made progress. */
    boolean pump(long nowMicros, KeyState ks) {
        KeyWork work = ks.pending();
        if (work == null || work.backwardWaiting.isEmpty()) {
            return false;
        }
        boolean progress = false;
        // A copy: trying one pass may settle others of this key.
        for (BackwardPass m : new ArrayList<>(work.backwardWaiting.values())) {
            if (tryPrecommit(nowMicros, ks, m)) {
                work.backwardWaiting.remove(m.txn());
                progress = true;
            }
        }
        return progress;
    }

    /** True when the pass is done with this key (precommitted, or nothing left to do). */
    private boolean tryPrecommit(long nowMicros, KeyState ks, BackwardPass m) {
        FootprintEntry fp = ks.footprint(m.txn());
        if (fp == null || fp.state != FootprintState.FOOTPRINT) {
            return true;
        }
        if (!keys.ready(ks, fp.epoch())) {
            return false;
        }
        if (fp.querying || !BackwardPassRules.earlierEpochsPrecommitted(ks, fp)
                || !BackwardPassRules.waitedForPrecommitted(ks, fp)) {
            return false;
        }
        if (!fp.cleared) {
            List<TxnId> overtaken = BackwardPassRules.overtaken(ks, fp);
            if (!overtaken.isEmpty() && inGracePeriod(nowMicros, ks, fp)) {
                return false;
            }
            if (!overtaken.isEmpty()) {
                fp.querying = true;
                ctx.stats.resolverQueries++;
                ctx.outbox.send(ctx.resolver(), new ResolveRequest(fp.txn, ks.key, overtaken));
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
    private boolean inGracePeriod(long nowMicros, KeyState ks, FootprintEntry fp) {
        long until = fp.arrivedMicros + ctx.orderingGraceMicros;
        if (ctx.orderingGraceMicros == 0 || nowMicros >= until) {
            return false;
        }
        if (BackwardPassRules.overtakesAnEarlierArrival(ks, fp)) {
            graceWakeups.computeIfAbsent(until, t -> new LinkedHashSet<>()).add(ks.key);
            return true;
        }
        return false;
    }

    /** Pumps the keys whose grace period has ended. */
    void wakeDue(long nowMicros) {
        while (!graceWakeups.isEmpty() && graceWakeups.firstKey() <= nowMicros) {
            for (ChainKey k : graceWakeups.pollFirstEntry().getValue()) {
                pump.pump(nowMicros, keys.getOrAdd(k));
            }
        }
    }

    long nextWakeupMicros() {
        return graceWakeups.isEmpty() ? Long.MAX_VALUE : graceWakeups.firstKey();
    }

    private void precommit(KeyState ks, FootprintEntry fp, BackwardPass m) {
        TxnPlan plan = txns.plan(m.txn(), m.spec());
        HopOutcome outcome;
        if (m.aborted()) {
            outcome = new HopOutcome(List.of(), m.carry(), List.of(), Row.EMPTY, null, 0);
        } else {
            ReadLog log = new ReadLog(ks.speculativeView());
            outcome = ctx.executor.execute(m.spec(), plan, m.hop(), log, m.carry());
            fp.owner.speculated(m.hop(), new HopSpeculation(m.carry(), log, outcome));
            if (!outcome.aborted() && !outcome.writes().isEmpty()) {
                ks.work().specStack.add(new SpecWrite(m.txn(), outcome.writes()));
            }
        }
        ctx.stats.speculativeHops++;
        ctx.meter.keyAccess(HOP_BASE_BYTES + outcome.accessedBytes());
        fp.state = FootprintState.PRECOMMITTED;
        EpochSlot slot = ks.epochs.get(fp.epoch());
        slot.precommitOrder.add(fp.txn);
        if (m.hop() + 1 < plan.size()) {
            ctx.outbox.send(ctx.serverOf(plan.hop(m.hop() + 1).key(), m.txn().epoch()),
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
        ctx.stats.keyOrderReports++;
        ctx.outbox.send(ctx.coordinator(), new KeyOrderReport(slot.epoch, ks.key, canonicalOrder(slot)));
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
