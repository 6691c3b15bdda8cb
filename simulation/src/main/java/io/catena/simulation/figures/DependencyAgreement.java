package io.catena.simulation.figures;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.Hop;
import io.catena.core.txn.TxnPlanner;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The paper's speculation success rate (Catenae §III-B, Fig. 1): a transaction's speculative
 * execution succeeds when its execution dependencies are the same in every region. Here a
 * transaction's dependencies in a region are the transactions its chain servers let precommit
 * before it on the keys it conflicts on (its region's votes); across epochs the order is fixed,
 * so a non-conflicting transaction trivially agrees. Fed with every region's own log records.
 */
public final class DependencyAgreement {

    private final int regions;
    private final TxnPlanner planner = new TxnPlanner(ProcedureRegistry.empty());
    private final Map<TxnId, Map<ChainKey, Boolean>> writes = new HashMap<>();
    private final Map<Long, Map<ChainKey, Map<Integer, List<TxnId>>>> votes = new TreeMap<>();
    private final Set<TxnId> txns = new HashSet<>();

    public DependencyAgreement(int regions) {
        this.regions = regions;
    }

    public synchronized void onOwnRecord(RLogRecord r) {
        for (TxnEntry t : r.txns()) {
            txns.add(t.id());
            TxnPlanner.Planned p = planner.plan(t.spec());
            if (p.valid()) {
                Map<ChainKey, Boolean> w = new HashMap<>();
                for (Hop h : p.plan().hops()) {
                    w.put(h.key(), h.access().writes());
                }
                writes.put(t.id(), w);
            }
        }
        for (KeyOrderVote v : r.votes()) {
            votes.computeIfAbsent(v.epoch(), e -> new HashMap<>()).computeIfAbsent(v.key(), k -> new HashMap<>())
                    .put(r.origin().index(), v.order());
        }
    }

    /** Counts of agreeing transactions. */
    public record Result(long transactions, long conflicting, long agreeingConflicting) {
        public double overallRate() {
            return transactions == 0 ? 1 : (transactions - conflicting + agreeingConflicting) / (double) transactions;
        }

        public double conflictingRate() {
            return conflicting == 0 ? 1 : agreeingConflicting / (double) conflicting;
        }
    }

    public synchronized Result result() {
        Map<TxnId, Set<ChainKey>> contended = new HashMap<>();
        for (Map<ChainKey, Map<Integer, List<TxnId>>> byKey : votes.values()) {
            for (Map.Entry<ChainKey, Map<Integer, List<TxnId>>> e : byKey.entrySet()) {
                for (List<TxnId> order : e.getValue().values()) {
                    for (TxnId t : order) {
                        contended.computeIfAbsent(t, x -> new HashSet<>()).add(e.getKey());
                    }
                }
            }
        }
        long agreeing = 0;
        for (Map.Entry<TxnId, Set<ChainKey>> e : contended.entrySet()) {
            if (agrees(e.getKey(), e.getValue())) {
                agreeing++;
            }
        }
        return new Result(txns.size(), contended.size(), agreeing);
    }

    private boolean agrees(TxnId t, Set<ChainKey> keys) {
        Set<TxnId> reference = null;
        for (int r = 0; r < regions; r++) {
            Set<TxnId> deps = new HashSet<>();
            for (ChainKey k : keys) {
                List<TxnId> order = votes.get(t.epoch()).get(k).get(r);
                if (order == null) {
                    return false;
                }
                for (TxnId u : order) {
                    if (u.equals(t)) {
                        break;
                    }
                    if (writes(u, k) || writes(t, k)) {
                        deps.add(u);
                    }
                }
            }
            if (reference == null) {
                reference = deps;
            } else if (!reference.equals(deps)) {
                return false;
            }
        }
        return true;
    }

    private boolean writes(TxnId t, ChainKey k) {
        Map<ChainKey, Boolean> w = writes.get(t);
        return w != null && Boolean.TRUE.equals(w.get(k));
    }
}
