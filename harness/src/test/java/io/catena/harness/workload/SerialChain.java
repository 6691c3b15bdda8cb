package io.catena.harness.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.exec.HopExecutor;
import io.catena.core.exec.HopOutcome;
import io.catena.core.exec.PartitionView;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Runs a workload's transactions one at a time along their chains, hop by hop with core's
 * {@link HopExecutor}, against rows kept in memory: what every hop of a transaction wrote, and
 * whether and where it aborted. Commits apply every hop's writes; an abort applies none.
 */
final class SerialChain {

    /** One transaction's run: each hop's outcome up to and including the one that aborted, if any. */
    record Run(TxnPlan plan, List<HopOutcome> hops) {
        boolean aborted() {
            return hops.get(hops.size() - 1).aborted();
        }

        /** The hop that aborted the transaction, or -1. */
        int abortedAt() {
            return aborted() ? hops.size() - 1 : -1;
        }
    }

    private final TxnPlanner planner;
    private final HopExecutor executor;
    private final Map<ChainKey, TreeMap<String, Row>> rows = new TreeMap<>();

    SerialChain(Workload workload) {
        this.planner = new TxnPlanner(workload.procedures());
        this.executor = new HopExecutor(planner);
        workload.initialData().forEach((key, writes) -> writes.forEach(w -> apply(key, w)));
    }

    SerialChain(ProcedureRegistry procedures) {
        this.planner = new TxnPlanner(procedures);
        this.executor = new HopExecutor(planner);
    }

    TxnPlan plan(TxnSpec spec) {
        TxnPlanner.Planned planned = planner.plan(spec);
        if (!planned.valid()) {
            throw new IllegalArgumentException(planned.rejection());
        }
        return planned.plan();
    }

    void put(RowKey key, Row row) {
        apply(key.chainKey(), RowWrite.put(key.clustering(), row));
    }

    Row row(RowKey key) {
        return rows.getOrDefault(key.chainKey(), new TreeMap<>()).get(key.clustering());
    }

    Run run(TxnSpec spec) {
        TxnPlan plan = plan(spec);
        List<HopOutcome> outcomes = new ArrayList<>();
        Row carry = Row.EMPTY;
        for (int hop = 0; hop < plan.size(); hop++) {
            HopOutcome out = executor.execute(spec, plan, hop, view(plan.hop(hop).key()), carry);
            outcomes.add(out);
            if (out.aborted()) {
                return new Run(plan, outcomes);
            }
            carry = out.carryOut();
        }
        for (int hop = 0; hop < plan.size(); hop++) {
            ChainKey key = plan.hop(hop).key();
            outcomes.get(hop).writes().forEach(w -> apply(key, w));
        }
        return new Run(plan, outcomes);
    }

    private void apply(ChainKey key, RowWrite w) {
        TreeMap<String, Row> partition = rows.computeIfAbsent(key, k -> new TreeMap<>());
        if (w.isDelete()) {
            partition.remove(w.clustering());
        } else {
            partition.put(w.clustering(), w.row());
        }
    }

    private PartitionView view(ChainKey key) {
        TreeMap<String, Row> partition = rows.getOrDefault(key, new TreeMap<>());
        return new PartitionView() {
            @Override
            public Row read(String clustering) {
                return partition.get(clustering);
            }

            @Override
            public SortedMap<String, Row> scan(String from, String to) {
                return Collections.unmodifiableSortedMap(to == null ? partition.tailMap(from) : partition.subMap(from, to));
            }
        };
    }
}
