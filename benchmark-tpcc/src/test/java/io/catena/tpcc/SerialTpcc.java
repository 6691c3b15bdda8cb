package io.catena.tpcc;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.exec.HopExecutor;
import io.catena.core.exec.HopOutcome;
import io.catena.core.exec.PartitionView;
import io.catena.core.spi.StorageEngine;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnSpec;
import io.catena.tpcc.procedure.TpccProcedures;
import io.catena.tpcc.readonly.SnapshotReader;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Runs TPC-C calls one after another against a store, with the same planner and hop executor the
 * regions use but no protocol: the serial reference the procedures and the checker are tested on.
 */
final class SerialTpcc implements SnapshotReader {

    private final StorageEngine store;
    private final TxnPlanner planner = new TxnPlanner(TpccProcedures.registry());
    private final HopExecutor executor = new HopExecutor(planner);
    private long epoch = 1;

    SerialTpcc(StorageEngine store) {
        this.store = store;
    }

    /** The outcome of one call: its outputs, or why it aborted. */
    record Result(Row outputs, String abortReason) {
        boolean committed() {
            return abortReason == null;
        }
    }

    Result call(TxnSpec.ProcedureCall call) {
        TxnPlanner.Planned planned = planner.plan(call);
        if (!planned.valid()) {
            throw new IllegalArgumentException(planned.rejection());
        }
        TxnPlan plan = planned.plan();
        Map<ChainKey, List<RowWrite>> writes = new LinkedHashMap<>();
        Row carry = Row.EMPTY;
        Row outputs = Row.EMPTY;
        for (int i = 0; i < plan.size(); i++) {
            ChainKey key = plan.hop(i).key();
            HopOutcome outcome = executor.execute(call, plan, i, view(key), carry);
            if (outcome.aborted()) {
                return new Result(Row.EMPTY, outcome.abortReason());
            }
            writes.put(key, outcome.writes());
            carry = outcome.carryOut();
            outputs = outputs.merge(outcome.outputs());
        }
        Version version = Version.of(epoch++, 0);
        writes.forEach((key, rows) -> {
            if (!rows.isEmpty()) {
                store.apply(key, version, rows).toCompletableFuture().join();
            }
        });
        return new Result(outputs, null);
    }

    @Override
    public Map<RowKey, Row> read(Collection<RowKey> keys) {
        Map<RowKey, Row> rows = new LinkedHashMap<>();
        for (RowKey key : keys) {
            Row row = partition(key.chainKey()).get(key.clustering());
            if (row != null) {
                rows.put(key, row);
            }
        }
        return rows;
    }

    private SortedMap<String, Row> partition(ChainKey key) {
        return store.readPartition(key, Version.MAX).toCompletableFuture().join();
    }

    private PartitionView view(ChainKey key) {
        SortedMap<String, Row> rows = partition(key);
        return new PartitionView() {
            @Override
            public Row read(String clustering) {
                return rows.get(clustering);
            }

            @Override
            public SortedMap<String, Row> scan(String from, String to) {
                return Collections.unmodifiableSortedMap(to == null ? rows.tailMap(from) : rows.subMap(from, to));
            }
        };
    }
}
