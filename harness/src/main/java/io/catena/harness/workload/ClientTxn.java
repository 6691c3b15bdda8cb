package io.catena.harness.workload;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.harness.check.HistoryOp;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.OpValue;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A transaction a simulated client submits: a read-write spec, the rows and whole partitions of a
 * read-only one, or an interactive one, with the steps its history line records. A partition read
 * is recorded as reads of the rows the workload may have put there: a row the answer lacks was
 * absent.
 *
 * <p>An interactive transaction ({@link #interactive}) reads {@link #readOnlyKeys} at one snapshot
 * of its region, then computes its writes from the rows it read ({@link Interactive#writes}), as an
 * application does between {@code connection.begin()} and {@code commit()}. It commits as one
 * ad-hoc transaction ({@link #commit}): first a {@link Condition.Unchanged} check of every row it
 * read, then its writes, so it commits only if nothing it read changed before its place in the
 * order, and otherwise aborts with a retryable conflict having written nothing. Until its snapshot
 * is read it has no {@link #spec} and its steps are its reads. A runner that is not the simulator
 * (the client library's {@code Transaction}, which adds the checks itself) reads the keys, buffers
 * the operations {@link Interactive#writes} computes, and records the steps of {@link #commit}.
 */
public record ClientTxn(TxnSpec spec, List<RowKey> readOnlyKeys, List<ChainKey> readOnlyPartitions,
                        List<Step> steps, Interactive interactive) {

    /**
     * What an interactive transaction does with the rows it read: the operations it commits after
     * its checks, which read nothing further (only the snapshot's rows are validated), and the
     * steps its history line records of them after its reads. No operations: it only reads.
     */
    public record Writes(List<Op> ops, List<Step> steps) {

        public Writes {
            ops = List.copyOf(ops);
            steps = List.copyOf(steps);
        }
    }

    /**
     * What makes a transaction interactive: how it computes its writes from the rows it read (by
     * key, null when absent), and, once read, what its snapshot read answered.
     *
     * @param writes   the writes from the rows read
     * @param snapshot the rows the snapshot read returned, null until then
     */
    public record Interactive(Function<Map<RowKey, Row>, Writes> writes, List<ReadResult> snapshot) {

        public Interactive {
            snapshot = snapshot == null ? null : List.copyOf(snapshot);
        }
    }

    public ClientTxn {
        readOnlyKeys = readOnlyKeys == null ? List.of() : List.copyOf(readOnlyKeys);
        readOnlyPartitions = readOnlyPartitions == null ? List.of() : List.copyOf(readOnlyPartitions);
        steps = List.copyOf(steps);
    }

    public static ClientTxn readWrite(TxnSpec spec, List<Step> steps) {
        return new ClientTxn(spec, List.of(), List.of(), steps, null);
    }

    public static ClientTxn readOnly(List<RowKey> keys, List<Step> steps) {
        return new ClientTxn(null, keys, List.of(), steps, null);
    }

    /** A read-only transaction of rows by key and of whole partitions. */
    public static ClientTxn readOnly(List<RowKey> keys, List<ChainKey> partitions, List<Step> steps) {
        return new ClientTxn(null, keys, partitions, steps, null);
    }

    /**
     * An interactive transaction that reads {@code reads} at one snapshot, then commits
     * {@code writes} of the rows read, validated by {@link Condition.Unchanged} checks. Its history
     * records {@code readSteps}, valued as the snapshot answered them, then the steps of its writes.
     */
    public static ClientTxn interactive(List<RowKey> reads, List<Step> readSteps,
                                        Function<Map<RowKey, Row>, Writes> writes) {
        return new ClientTxn(null, reads, List.of(), readSteps, new Interactive(writes, null));
    }

    /** Whether it only reads: a read-only transaction, not an interactive one before its snapshot. */
    public boolean isReadOnly() {
        return spec == null && interactive == null;
    }

    public boolean isInteractive() {
        return interactive != null;
    }

    /** Whether it is an interactive transaction still to read its snapshot. */
    public boolean awaitsSnapshot() {
        return interactive != null && spec == null;
    }

    /**
     * This interactive transaction with its snapshot read: it commits as one ad-hoc transaction of
     * an {@link Condition.Unchanged} check per row read (null: absent, {@link RowDigest#ABSENT}),
     * first, then its writes computed from those rows.
     *
     * @param snapshot the snapshot read's answer, a result per key of {@link #readOnlyKeys}
     */
    public ClientTxn commit(List<ReadResult> snapshot) {
        if (!awaitsSnapshot()) {
            throw new IllegalStateException("only an interactive transaction not yet read commits after its snapshot");
        }
        Map<RowKey, Row> rows = new LinkedHashMap<>();
        for (RowKey key : readOnlyKeys) {
            rows.put(key, null);
        }
        for (ReadResult r : snapshot) {
            rows.put(r.key(), r.row());
        }
        Writes writes = interactive.writes().apply(Collections.unmodifiableMap(rows));
        List<Op> ops = new ArrayList<>();
        rows.forEach((key, row) -> ops.add(new Op.Check(key, new Condition.Unchanged(RowDigest.of(row)))));
        ops.addAll(writes.ops());
        List<Step> all = new ArrayList<>(steps);
        all.addAll(writes.steps());
        return new ClientTxn(new TxnSpec.AdHoc(ops), readOnlyKeys, List.of(), all,
                new Interactive(interactive.writes(), snapshot));
    }

    /**
     * The history operations, with read values taken from the result when it is known: every read
     * of a committed transaction, and of an aborted one the rows its abort reported (the balance a
     * failed check compared); other reads of an aborted transaction stay unobserved. An interactive
     * transaction's reads are what its snapshot answered, whatever its outcome: they are what it
     * computed its writes from, and what its checks held unchanged if it committed.
     */
    public List<HistoryOp> observed(TxnResult result) {
        Map<RowKey, Row> rows = new HashMap<>();
        boolean snapshotRead = interactive != null && interactive.snapshot() != null;
        boolean seen = snapshotRead || result != null && (result.outcome() == Outcome.COMMITTED
                || result.outcome() == Outcome.ABORTED);
        if (seen) {
            for (ReadResult r : snapshotRead ? interactive.snapshot() : result.reads()) {
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
