package io.catena.client;

import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An interactive read-write transaction, opened by {@link Connection#begin()}: read rows, decide,
 * write, commit — the shape of a JDBC transaction.
 *
 * <pre>{@code
 * try (Transaction tx = connection.begin()) {
 *     long balance = tx.get(alice).map(r -> r.getLong("balance")).orElse(0L);
 *     if (balance >= 10) {
 *         tx.put(alice, Map.of("balance", balance - 10));
 *         tx.add(bob, "balance", 10);
 *     }
 *     tx.commit();
 * }
 * }</pre>
 *
 * <p><b>Reads</b> ({@link #get}, {@link #getPartition}) are snapshot reads of the connection's
 * region, local and about a millisecond each, and they see the transaction's own writes. Everything
 * a transaction reads comes from one snapshot: a read re-reads the rows read before it, and if one
 * of them changed in between (the snapshot moved past another commit), the read throws a retryable
 * {@link TransactionAbortedException} at once, since the commit could not succeed.
 *
 * <p><b>Writes</b> ({@link #put}, {@link #insert}, {@link #delete}, {@link #add}, {@link #set},
 * {@link #append}) are
 * buffered and sent with {@link #commit()}, as one transaction that also carries, for every row
 * and partition read, the condition that it is still what the transaction read (a digest of its
 * contents). The chain checks those conditions at the transaction's place in the serialization
 * order, so a committed interactive transaction is serializable like any other. If a row it read
 * changed before that place, the transaction aborts with a conflict and writes nothing:
 * {@link TransactionAbortedException#isRetryable()} is true, and running the work again reads the
 * new values ({@link Retry#transact} does).
 *
 * <p><b>What it costs.</b> Validation aborts where an {@link OperationList} would not: two
 * interactive transfers that read the same balance conflict, and one of them runs again, whereas
 * two operation lists that {@code add} to it both commit, since an {@code add} reads the row at its
 * place in the order. Use an operation list (or a procedure) when the writes can be stated without
 * reading first; use an interactive transaction when the application must see the data to decide.
 *
 * <p>Close it when done ({@code try}-with-resources): closing one that was not committed rolls it
 * back, which costs nothing, as nothing was sent. A transaction that committed, rolled back or
 * aborted refuses further use with {@link IllegalStateException}. Not thread-safe.
 */
public final class Transaction extends RowWrites<Transaction> implements AutoCloseable {

    private enum State { ACTIVE, COMMITTED, ROLLED_BACK, ABORTED }

    private final Requests requests;
    private Version snapshot;
    /** Rows read by key, as the snapshot had them (null: absent), in the order read. */
    private final Map<RowKey, Row> rowsRead = new LinkedHashMap<>();
    /** Partitions read whole, as the snapshot had them. */
    private final Map<ChainKey, SortedMap<String, Row>> partitionsRead = new LinkedHashMap<>();
    private final List<Op> writes = new ArrayList<>();
    private final Set<ChainKey> partitions = new LinkedHashSet<>();
    private State state = State.ACTIVE;

    Transaction(Requests requests) {
        this.requests = requests;
    }

    /**
     * Reads a row: as this transaction's own writes left it, or else as the transaction's snapshot
     * has it.
     *
     * @param key the row
     * @return the row, or empty if it does not exist
     * @throws TransactionAbortedException (retryable) if a row read before changed meanwhile
     * @throws UnavailableException        if the region could not answer in time
     */
    public Optional<ResultRow> get(RowKey key) {
        active("get");
        OpArguments.key(key);
        OpArguments.touch(partitions, key.chainKey(), "get", key);
        Row row = ownView(key);
        return row == null ? Optional.empty() : Optional.of(new ResultRow("row " + key, row));
    }

    /**
     * Reads every row of a partition, with this transaction's own writes laid over them. A row
     * added to the partition by another transaction before this one commits is a conflict too.
     *
     * @param partition the partition
     * @return its rows by clustering key, in clustering-key order
     * @throws TransactionAbortedException (retryable) if a row read before changed meanwhile
     * @throws UnavailableException        if the region could not answer in time
     */
    public SortedMap<String, ResultRow> getPartition(ChainKey partition) {
        active("getPartition");
        OpArguments.userTable(partition);
        OpArguments.touch(partitions, partition, "getPartition", partition);
        if (!partitionsRead.containsKey(partition)) {
            readSnapshot(List.of(), List.of(partition));
        }
        TreeMap<String, Row> rows = new TreeMap<>(partitionsRead.get(partition));
        for (Op op : writes) {
            if (op.key().chainKey().equals(partition)) {
                String c = op.key().clustering();
                Row after = applied(op, rows.get(c));
                if (after == null) {
                    rows.remove(c);
                } else {
                    rows.put(c, after);
                }
            }
        }
        SortedMap<String, ResultRow> out = new TreeMap<>();
        rows.forEach((c, row) -> out.put(c, new ResultRow("row " + new RowKey(partition, c), row)));
        return Collections.unmodifiableSortedMap(out);
    }

    /**
     * Commits: sends the writes with the conditions on what was read, and waits for the outcome,
     * at most the URL's {@code timeout}. A transaction that wrote nothing sends nothing: its reads
     * were one snapshot, which is its place in the order.
     *
     * @return the commit; {@link TxnOutcome#row} answers the rows this transaction read by key,
     *     as it read them. For a transaction without writes, {@link TxnOutcome#requestId()} is
     *     null and the version is its snapshot's.
     * @throws TransactionAbortedException if a row read changed before the commit's place
     *                                     (retryable) or an insert found its row (not retryable)
     * @throws OutcomeUnknownException     if no answer came in time; look it up or use {@link Retry#transact}
     * @throws UnavailableException        if it could not run now
     * @throws IllegalStateException       if the transaction was committed, rolled back or aborted before
     */
    public TxnOutcome commit() {
        active("commit");
        state = State.COMMITTED;
        ReadRows read = new ReadRows(readResults());
        if (writes.isEmpty()) {
            return new TxnOutcome(null, snapshot == null ? Version.ZERO : snapshot, false, read, new ResultRow("the outputs of an interactive transaction", Row.EMPTY));
        }
        TxnOutcome committed = Await.result(requests.run(new TxnSpec.AdHoc(conditionsThenWrites())));
        return new TxnOutcome(committed.requestId(), committed.version(), committed.contended(), read,
                committed.outputs());
    }

    /** Ends the transaction without writing anything; nothing had been sent. */
    public void rollback() {
        active("rollback");
        state = State.ROLLED_BACK;
    }

    /** Whether the transaction can still read, write and commit. */
    public boolean isActive() {
        return state == State.ACTIVE;
    }

    /**
     * The version of the snapshot the transaction's reads see, {@link Version#ZERO} before its
     * first read.
     */
    public Version snapshotVersion() {
        return snapshot == null ? Version.ZERO : snapshot;
    }

    /** Rolls back a transaction that is still active; does nothing otherwise. */
    @Override
    public void close() {
        if (state == State.ACTIVE) {
            state = State.ROLLED_BACK;
        }
    }

    @Override
    public String toString() {
        return "interactive transaction (" + state.name().toLowerCase(Locale.ROOT) + ", " + rowsRead.size()
                + " rows and " + partitionsRead.size() + " partitions read, " + writes.size() + " writes)";
    }

    @Override
    Transaction write(String operation, RowKey key, Op op) {
        active(operation);
        OpArguments.touch(partitions, key.chainKey(), operation, key);
        writes.add(op);
        return this;
    }

    /** The row as this transaction sees it: the snapshot's, with its own writes applied in order. */
    private Row ownView(RowKey key) {
        int from = lastReplacement(key);
        Row row;
        if (from >= 0) {
            row = applied(writes.get(from), null);
            from++;
        } else {
            row = snapshotRow(key);
            from = 0;
        }
        for (int i = from; i < writes.size(); i++) {
            if (writes.get(i).key().equals(key)) {
                row = applied(writes.get(i), row);
            }
        }
        return row;
    }

    /** The last write that replaces the row whatever it held (so no read is needed), or -1. */
    private int lastReplacement(RowKey key) {
        for (int i = writes.size() - 1; i >= 0; i--) {
            Op op = writes.get(i);
            if (op.key().equals(key) && !(op instanceof Op.Update)) {
                return i;
            }
        }
        return -1;
    }

    /** The row after {@code op}, as the chain will compute it (null: absent). */
    private Row applied(Op op, Row before) {
        if (op instanceof Op.Write w) {
            return w.row();
        } else if (op instanceof Op.Insert i) {
            return i.row();
        } else if (op instanceof Op.Delete) {
            return null;
        }
        try {
            return ((Op.Update) op).fn().apply(before == null ? Row.EMPTY : before);
        } catch (ArithmeticException | IllegalArgumentException | IllegalStateException e) {
            // The commit would abort the same way at every region; say so now.
            state = State.ABORTED;
            throw new TransactionAbortedException(null, op.key() + ": " + e.getMessage());
        }
    }

    private Row snapshotRow(RowKey key) {
        SortedMap<String, Row> partition = partitionsRead.get(key.chainKey());
        if (partition != null) {
            return partition.get(key.clustering());
        }
        if (!rowsRead.containsKey(key)) {
            readSnapshot(List.of(key), List.of());
        }
        return rowsRead.get(key);
    }

    /**
     * Reads {@code keys} and {@code newPartitions} together with everything read before, from a
     * snapshot at least as new as the last; if the snapshot moved and something read before
     * changed, the transaction can no longer commit.
     */
    private void readSnapshot(List<RowKey> keys, List<ChainKey> newPartitions) {
        List<RowKey> allKeys = new ArrayList<>(rowsRead.keySet());
        allKeys.addAll(keys);
        List<ChainKey> allPartitions = new ArrayList<>(partitionsRead.keySet());
        allPartitions.addAll(newPartitions);
        SnapshotResult read;
        try {
            read = Await.result(requests.read(allKeys, allPartitions, snapshotVersion()));
        } catch (RuntimeException e) {
            state = State.ABORTED;
            throw e;
        }
        // Compared whatever the versions say: what the application saw must be what it commits on.
        requireUnchanged(read);
        snapshot = read.version() == null ? snapshotVersion() : read.version();
        for (RowKey k : keys) {
            rowsRead.put(k, read.row(k).map(ResultRow::row).orElse(null));
        }
        for (ChainKey p : newPartitions) {
            partitionsRead.put(p, rowsOf(read, p));
        }
    }

    private static SortedMap<String, Row> rowsOf(SnapshotResult read, ChainKey partition) {
        SortedMap<String, Row> rows = new TreeMap<>();
        read.partition(partition).forEach((c, r) -> rows.put(c, r.row()));
        return Collections.unmodifiableSortedMap(rows);
    }

    private void requireUnchanged(SnapshotResult read) {
        for (Map.Entry<RowKey, Row> e : rowsRead.entrySet()) {
            Row now = read.row(e.getKey()).map(ResultRow::row).orElse(null);
            if (!Objects.equals(now, e.getValue())) {
                conflict(e.getKey() + ": changed after the transaction read it");
            }
        }
        for (Map.Entry<ChainKey, SortedMap<String, Row>> e : partitionsRead.entrySet()) {
            if (!rowsOf(read, e.getKey()).equals(e.getValue())) {
                conflict(e.getKey() + ": the partition changed after the transaction read it");
            }
        }
    }

    private void conflict(String what) {
        state = State.ABORTED;
        throw new TransactionAbortedException(null, TxnResult.CONFLICT_PREFIX + what);
    }

    /** What the commit sends: first that every row and partition read is unchanged, then the writes. */
    private List<Op> conditionsThenWrites() {
        List<Op> ops = new ArrayList<>(rowsRead.size() + partitionsRead.size() + writes.size());
        for (Map.Entry<RowKey, Row> e : rowsRead.entrySet()) {
            if (!partitionsRead.containsKey(e.getKey().chainKey())) {
                ops.add(new Op.Check(e.getKey(), new Condition.Unchanged(RowDigest.of(e.getValue()))));
            }
        }
        partitionsRead.forEach((p, rows) -> ops.add(new Op.CheckPartition(p, RowDigest.ofRows(rows))));
        ops.addAll(writes);
        return ops;
    }

    private List<ReadResult> readResults() {
        List<ReadResult> out = new ArrayList<>(rowsRead.size());
        rowsRead.forEach((k, row) -> out.add(new ReadResult(k, row)));
        return out;
    }

    private void active(String operation) {
        if (state != State.ACTIVE) {
            String was = switch (state) {
                case COMMITTED -> "was committed";
                case ROLLED_BACK -> "was rolled back";
                default -> "aborted";
            };
            throw new IllegalStateException("This transaction " + was + ", so " + operation + "() cannot use it; "
                    + "start a new one with connection.begin().");
        }
    }
}
