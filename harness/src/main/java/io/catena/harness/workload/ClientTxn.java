package io.catena.harness.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.OpValue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A transaction a simulated client submits: a read-write spec, or the rows and whole partitions
 * of a read-only one, with the steps its history line records. A partition read is recorded as
 * reads of the rows the workload may have put there: a row the answer lacks was absent.
 */
public record ClientTxn(TxnSpec spec, List<RowKey> readOnlyKeys, List<ChainKey> readOnlyPartitions,
                        List<Step> steps) {

    public ClientTxn {
        readOnlyKeys = readOnlyKeys == null ? List.of() : List.copyOf(readOnlyKeys);
        readOnlyPartitions = readOnlyPartitions == null ? List.of() : List.copyOf(readOnlyPartitions);
        steps = List.copyOf(steps);
    }

    public static ClientTxn readWrite(TxnSpec spec, List<Step> steps) {
        return new ClientTxn(spec, List.of(), List.of(), steps);
    }

    public static ClientTxn readOnly(List<RowKey> keys, List<Step> steps) {
        return new ClientTxn(null, keys, List.of(), steps);
    }

    /** A read-only transaction of rows by key and of whole partitions. */
    public static ClientTxn readOnly(List<RowKey> keys, List<ChainKey> partitions, List<Step> steps) {
        return new ClientTxn(null, keys, partitions, steps);
    }

    public boolean isReadOnly() {
        return spec == null;
    }

    /**
     * The history operations, with read values taken from the result when it is known: every read
     * of a committed transaction, and of an aborted one the rows its abort reported (the balance a
     * failed check compared); other reads of an aborted transaction stay unobserved.
     */
    public List<HistoryOp> observed(TxnResult result) {
        Map<RowKey, Row> rows = new HashMap<>();
        boolean seen = result != null && (result.outcome() == Outcome.COMMITTED
                || result.outcome() == Outcome.ABORTED);
        if (seen) {
            for (ReadResult r : result.reads()) {
                rows.put(r.key(), r.row() == null ? Row.EMPTY : r.row());
            }
        }
        List<HistoryOp> ops = new ArrayList<>();
        for (Step s : steps) {
            OpValue value = s.value();
            if (s.function() == OpFunction.READ) {
                // A key the result does not report (any read of an abort but its guard) is unobserved.
                value = seen ? readValue(rows.get(s.key()), s.column()) : OpValue.NIL;
            }
            ops.add(new HistoryOp(s.function(), s.key().toString(), value));
        }
        return ops;
    }

    private static OpValue readValue(Row row, String column) {
        if (row == null) {
            return OpValue.NIL;
        }
        Datum d = row.getOrNull(column);
        if (d == null) {
            return OpValue.NIL;
        }
        if (d instanceof Datum.Int64 i) {
            return OpValue.of(i.value());
        }
        if (d instanceof Datum.Text t) {
            return OpValue.of(t.value());
        }
        List<Long> values = new ArrayList<>();
        for (Datum e : ((Datum.Seq) d).values()) {
            values.add(((Datum.Int64) e).value());
        }
        return OpValue.ofList(values);
    }
}
