package io.catena.client;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * An ad-hoc read-write transaction, built operation by operation and committed once. Keys are
 * named up front, and the transaction ships as data to every region, so each operation is one of
 * a fixed set: read, put (replace a whole row), insert, delete, add / set / append on one column,
 * and checks that abort the transaction unless a condition holds. Operations run in the order
 * given; those on one partition run together.
 *
 * <pre>{@code
 * TxnOutcome t = connection.transaction()
 *         .check(alice, "balance", Condition.Comparison.GE, 10L)
 *         .add(alice, "balance", -10)
 *         .add(bob, "balance", 10)
 *         .commit();
 * }</pre>
 *
 * <p>Each builder method checks its arguments at once and throws
 * {@link InvalidTransactionException} for a null key, a reserved table ({@code __...}), a value
 * Catena cannot store, or the {@value TxnPlanner#MAX_HOPS}-partition limit. Not thread-safe: build
 * a transaction on one thread (the connection itself is thread-safe).
 */
public final class OperationList extends RowWrites<OperationList> {

    private final Requests requests;
    private final List<Op> ops = new ArrayList<>();
    private final Set<ChainKey> partitions = new LinkedHashSet<>();
    private boolean committed;

    OperationList(Requests requests) {
        this.requests = requests;
    }

    /**
     * Reads a row; the outcome reports it ({@link TxnOutcome#row}).
     *
     * @param key the row
     * @return this transaction
     */
    public OperationList read(RowKey key) {
        return write("read", key, new Op.Read(key));
    }

    /**
     * Aborts the transaction unless the row exists.
     *
     * @param key the row
     * @return this transaction
     */
    public OperationList checkExists(RowKey key) {
        return check(key, new Condition.Exists());
    }

    /**
     * Aborts the transaction unless the row is absent.
     *
     * @param key the row
     * @return this transaction
     */
    public OperationList checkAbsent(RowKey key) {
        return check(key, new Condition.Absent());
    }

    /**
     * Aborts the transaction unless {@code column comparison value} holds, e.g.
     * {@code check(alice, "balance", GE, 10L)}. Integers compare as numbers, text by code points;
     * an absent row or column fails the check.
     *
     * @param key        the row
     * @param column     the column
     * @param comparison how to compare
     * @param value      a {@code Long}/{@code Integer} or {@code String}
     * @return this transaction
     */
    public OperationList check(RowKey key, String column, Condition.Comparison comparison, Object value) {
        String c = OpArguments.column(key, column);
        if (comparison == null) {
            throw InvalidTransactionException.invalid("the comparison of check() on " + key + " is null");
        }
        return check(key, new Condition.Compare(c, comparison, OpArguments.datum(key, c, value)));
    }

    /**
     * Aborts the transaction unless a core {@link Condition} holds for the row.
     *
     * @param key       the row
     * @param condition the condition
     * @return this transaction
     */
    public OperationList check(RowKey key, Condition condition) {
        OpArguments.key(key);
        if (condition == null) {
            throw InvalidTransactionException.invalid("the condition of check() on " + key + " is null");
        }
        return write("check", key, new Op.Check(key, condition));
    }

    /** The operations so far, in order, as they will be sent. */
    public List<Op> operations() {
        return List.copyOf(ops);
    }

    /**
     * Commits and waits for the outcome, at most the URL's {@code timeout}.
     *
     * @return the committed outcome
     * @throws TransactionAbortedException  if a check or insert aborted it
     * @throws InvalidTransactionException  if it has no operation, or the coordinators rejected it
     * @throws OutcomeUnknownException      if no answer came in time
     * @throws UnavailableException         if it could not run now
     * @throws ConnectionClosedException    if the connection is closed
     * @throws IllegalStateException        if it was committed before
     */
    public TxnOutcome commit() {
        return Await.result(commitAsync());
    }

    /**
     * Commits without waiting. The future fails with the exceptions {@link #commit()} throws, not
     * wrapped; an empty or already committed transaction throws at once instead.
     *
     * @return the committed outcome, when it is known
     */
    public CompletableFuture<TxnOutcome> commitAsync() {
        if (committed) {
            throw new IllegalStateException("This transaction was already committed; build a new one with "
                    + "connection.transaction().");
        }
        if (ops.isEmpty()) {
            throw InvalidTransactionException.invalid("it has no operation");
        }
        committed = true;
        return requests.run(new TxnSpec.AdHoc(ops));
    }

    @Override
    OperationList write(String operation, RowKey key, Op op) {
        OpArguments.key(key);
        if (committed) {
            throw new IllegalStateException("This transaction was already committed, so " + operation + "() cannot "
                    + "change it; build a new one with connection.transaction().");
        }
        OpArguments.touch(partitions, key.chainKey(), operation, key);
        ops.add(op);
        return this;
    }
}
