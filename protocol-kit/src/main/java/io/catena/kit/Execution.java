package io.catena.kit;

import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.exec.HopExecutor;
import io.catena.core.exec.HopOutcome;
import io.catena.core.exec.PartitionView;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnSpec;
import io.catena.core.spi.WorkMeter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * A whole transaction run at its home against the region's applied state ({@link Replica}), hop
 * after hop with the carried values, as Catena's chain servers run it hop by hop: the same
 * {@link HopExecutor}, so procedures and ad-hoc operations mean the same under every protocol.
 *
 * @param writes   the rows each key's hop wrote, in hop order (empty lists for keys only read)
 * @param observed the version of each key the run read, in hop order
 * @param reads    the rows reported to the client (of an abort: the row its failed check compared)
 * @param outputs  the procedure's outputs
 * @param abortReason why the transaction's own logic aborted it, or null
 */
public record Execution(Map<ChainKey, List<RowWrite>> writes, Map<ChainKey, Version> observed,
                        List<ReadResult> reads, Row outputs, String abortReason) {

    /** Whether the transaction's own logic aborted it (a failed check, a procedure's abort). */
    public boolean aborted() {
        return abortReason != null;
    }

    /** Runs every hop of {@code plan} against the replica's applied rows; its keys must be loaded. */
    public static Execution run(HopExecutor executor, TxnSpec spec, TxnPlan plan, Replica replica, WorkMeter meter) {
        Map<ChainKey, List<RowWrite>> writes = new LinkedHashMap<>();
        Map<ChainKey, Version> observed = new LinkedHashMap<>();
        List<ReadResult> reads = new ArrayList<>();
        Row outputs = Row.EMPTY;
        Row carry = Row.EMPTY;
        for (int i = 0; i < plan.size(); i++) {
            ChainKey key = plan.hop(i).key();
            VersionedPartition partition = replica.partition(key);
            observed.put(key, partition.latest());
            HopOutcome outcome = executor.execute(spec, plan, i, view(partition), carry);
            meter.keyAccess(outcome.accessedBytes());
            if (outcome.aborted()) {
                return new Execution(Map.of(), observed, outcome.reads(), Row.EMPTY, outcome.abortReason());
            }
            writes.put(key, outcome.writes());
            reads.addAll(outcome.reads());
            outputs = outputs.merge(outcome.outputs());
            carry = outcome.carryOut();
        }
        return new Execution(writes, observed, reads, outputs, null);
    }

    private static PartitionView view(VersionedPartition partition) {
        return new PartitionView() {
            @Override
            public Row read(String clustering) {
                return partition.read(clustering, Version.MAX);
            }

            @Override
            public SortedMap<String, Row> scan(String from, String to) {
                return partition.scan(from, to, Version.MAX);
            }
        };
    }
}
