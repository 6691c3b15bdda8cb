package io.catena.client;

import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Op;
import io.catena.core.txn.UpdateFn;
import java.util.Map;

/**
 * The writes both transaction builders offer ({@link OperationList}, {@link Transaction}): each is
 * one core {@link Op}, its arguments checked at the caller's line, handed to the builder, which
 * decides when it is sent.
 *
 * @param <T> the builder, which each method returns for chaining
 */
abstract class RowWrites<T extends RowWrites<T>> {

    /** Takes the operation {@code op} on {@code key}, made by the builder method {@code operation}. */
    abstract T write(String operation, RowKey key, Op op);

    /**
     * Replaces a whole row, creating it if absent (a blind write).
     *
     * @param key     the row
     * @param columns its columns: {@code Long}/{@code Integer}, {@code String} or {@code List} values
     * @return this transaction
     */
    public T put(RowKey key, Map<String, ?> columns) {
        return write("put", key, new Op.Write(key, OpArguments.row(key, columns)));
    }

    /**
     * Replaces a whole row with a core {@link Row}.
     *
     * @param key the row
     * @param row its new contents
     * @return this transaction
     */
    public T put(RowKey key, Row row) {
        return write("put", key, new Op.Write(key, OpArguments.row(key, row)));
    }

    /**
     * Creates a row; the transaction aborts (for good, not as a conflict) if the row exists at its
     * place in the order.
     *
     * @param key     the row
     * @param columns its columns
     * @return this transaction
     */
    public T insert(RowKey key, Map<String, ?> columns) {
        return write("insert", key, new Op.Insert(key, OpArguments.row(key, columns)));
    }

    /**
     * Removes a row (blind: an absent row is no error).
     *
     * @param key the row
     * @return this transaction
     */
    public T delete(RowKey key) {
        return write("delete", key, new Op.Delete(key));
    }

    /**
     * Adds to an integer column at the transaction's place in the order; an absent row or column
     * counts as zero. Overflow aborts.
     *
     * @param key    the row
     * @param column the column
     * @param delta  what to add, negative to subtract
     * @return this transaction
     */
    public T add(RowKey key, String column, long delta) {
        return write("add", key, new Op.Update(key, new UpdateFn.Add(OpArguments.column(key, column), delta)));
    }

    /**
     * Sets one column, leaving the row's others as they are; creates the row if absent.
     *
     * @param key    the row
     * @param column the column
     * @param value  a {@code Long}/{@code Integer}, {@code String} or {@code List}
     * @return this transaction
     */
    public T set(RowKey key, String column, Object value) {
        String c = OpArguments.column(key, column);
        return write("set", key, new Op.Update(key, new UpdateFn.SetField(c, OpArguments.datum(key, c, value))));
    }

    /**
     * Appends an element to a list column; an absent column counts as an empty list. A column
     * holding something other than a list aborts the transaction.
     *
     * @param key     the row
     * @param column  the column
     * @param element a {@code Long}/{@code Integer}, {@code String} or {@code List}
     * @return this transaction
     */
    public T append(RowKey key, String column, Object element) {
        String c = OpArguments.column(key, column);
        return write("append", key, new Op.Update(key, new UpdateFn.Append(c, OpArguments.datum(key, c, element))));
    }
}
