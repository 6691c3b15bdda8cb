package io.catena.chainserver;

import io.catena.catenae.message.FinalizeTxn;
import io.catena.catenae.message.TxnFinalized;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The end of a transaction on this chain server (Catenae §VI-E): its held writes applied on every
 * key, in version order per key, or dropped if it aborted; then acknowledged to the coordinator
 * once storage has them, and forgotten. Owns the finalizations in progress and the storage applies
 * still outstanding or to retry.
 */
final class Finalization {

    private static final long APPLY_RETRY_MICROS = 20_000;

    private final ChainServerContext ctx;
    private final ChainKeys keys;
    private final ChainTxns txns;
    private final KeyPump pump;
    /** Finalizations not yet complete here, with the storage applies still outstanding. */
    private final Map<TxnId, FinalizeTxn> finalizing = new LinkedHashMap<>();
    private final Map<TxnId, Integer> applying = new HashMap<>();
    private final TreeMap<Long, List<PendingApply>> retries = new TreeMap<>();
    /** One transaction's writes to one key, for storage. */
    record PendingApply(TxnId txn, KeyState ks, Version version, List<RowWrite> writes) {
    }

    Finalization(ChainServerContext ctx, ChainKeys keys, ChainTxns txns, KeyPump pump) {
        this.ctx = ctx;
        this.keys = keys;
        this.txns = txns;
        this.pump = pump;
    }

    void onFinalize(long nowMicros, FinalizeTxn f) {
        if (txns.get(f.txn()) == null) {
            // Already finalized and forgotten here: acknowledge again, it is idempotent.
            ctx.outbox.send(ctx.coordinator(), new TxnFinalized(f.txn(), ctx.serverIndex));
            return;
        }
        finalizing.putIfAbsent(f.txn(), f);
        tryFinalize(nowMicros, f.txn());
    }

    /**
     * Applies or drops the held writes of a transaction on every key of this server, each key once
     * every earlier writer there is applied. A commit only finalizes hops that were computed: after
     * a restart the hold is gone and the coordinator re-drives the pass, so acknowledging here
     * would lose the writes. Returns whether anything changed.
     */
    boolean tryFinalize(long nowMicros, TxnId txn) {
        FinalizeTxn f = finalizing.get(txn);
        ChainTxn t = txns.get(txn);
        if (f == null || t == null) {
            return false;
        }
        boolean changed = false;
        boolean complete = true;
        for (KeyState ks : t.keys) {
            FootprintEntry fp = ks.footprint(txn);
            if (fp == null || fp.finalized()) {
                continue;
            }
            if (f.commit() && fp.state != FootprintState.COMPUTED) {
                complete = false;
                continue;
            }
            if (f.commit() && DecidedExecution.hasEarlierWriter(ks, fp, f.version(), true)) {
                ks.work().finalizeWaiting.add(txn);
                complete = false;
                continue;
            }
            if (f.commit()) {
                ks.committed.apply(f.version(), fp.heldWrites);
                keys.committedVersion(ks);
                ks.appliesInFlight++;
                startApply(new PendingApply(txn, ks, f.version(), fp.heldWrites));
            }
            fp.heldWrites = List.of();
            fp.released = false;
            fp.state = FootprintState.FINALIZED;
            ks.removeSpecWrite(txn);
            changed = true;
            pump.pump(nowMicros, ks);
        }
        if (complete && finalizing.remove(txn) != null && !applying.containsKey(txn)) {
            acknowledge(txn);
        }
        return changed;
    }

    /**
     * Applies in version order per key, one at a time: the next waits until storage has this one.
     * A store keeps the first write of a version and ignores one at or below its latest, so a later
     * version must not reach it before an earlier one that failed is retried: the earlier writes
     * would be lost in storage (and from every reload) while memory still shows them.
     */
    private void startApply(PendingApply p) {
        applying.merge(p.txn(), 1, Integer::sum);
        if (p.ks().appliesInFlight > 1) {
            KeyWork work = p.ks().work();
            if (work.appliesBehind == null) {
                work.appliesBehind = new ArrayDeque<>(2);
            }
            work.appliesBehind.addLast(p);
            return;
        }
        issue(p);
    }

    private void issue(PendingApply p) {
        ctx.storage.apply(p.ks().key, p.version(), p.writes()).whenDone((now, ignored, failure) -> {
            if (failure != null) {
                ctx.stats.storageRetries++;
                retries.computeIfAbsent(now + APPLY_RETRY_MICROS, x -> new ArrayList<>()).add(p);
                return;
            }
            // Storage has it: a load from storage would now see this version.
            p.ks().appliesInFlight--;
            KeyWork work = p.ks().pending();
            if (work != null && work.appliesBehind != null && !work.appliesBehind.isEmpty()) {
                issue(work.appliesBehind.pollFirst());
                p.ks().releaseIdleWork();
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
        ctx.outbox.send(ctx.coordinator(), new TxnFinalized(txn, ctx.serverIndex));
        txns.forget(txn);
    }

    void retryDue(long nowMicros) {
        while (!retries.isEmpty() && retries.firstKey() <= nowMicros) {
            for (PendingApply p : retries.pollFirstEntry().getValue()) {
                issue(p);
            }
        }
    }

    long nextRetryMicros() {
        return retries.isEmpty() ? Long.MAX_VALUE : retries.firstKey();
    }
}
