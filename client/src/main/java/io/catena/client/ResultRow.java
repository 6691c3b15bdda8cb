package io.catena.client;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * One row a transaction or snapshot read, or a procedure's outputs, with typed getters. Catena
 * stores three kinds of values: 64-bit integers, text, and lists of values. Immutable.
 *
 * <p>A getter without a default throws {@link NoSuchElementException} for a column the row does
 * not have, and every getter throws {@link IllegalStateException} for a column that holds another
 * kind of value; both messages name the row and the column.
 */
public final class ResultRow {

    private final String source;
    private final Row row;

    ResultRow(String source, Row row) {
        this.source = source;
        this.row = row;
    }

    /**
     * An integer column.
     *
     * @param column the column's name
     * @return its value
     */
    public long getLong(String column) {
        return integer(column, require(column));
    }

    /**
     * An integer column, or a default when the row lacks it.
     *
     * @param column the column's name
     * @param absent what to return when the column is absent
     * @return its value, or {@code absent}
     */
    public long getLong(String column, long absent) {
        Datum d = row.getOrNull(column);
        return d == null ? absent : integer(column, d);
    }

    /**
     * A text column.
     *
     * @param column the column's name
     * @return its value
     */
    public String getString(String column) {
        Datum d = require(column);
        if (d instanceof Datum.Text t) {
            return t.value();
        }
        throw wrongKind(column, d, "text");
    }

    /**
     * A list column whose elements are all of one kind: {@code Long}, {@code String} or
     * {@code List} (a nested list, itself as from {@link #get}).
     *
     * @param column      the column's name
     * @param elementType the kind every element must be
     * @param <T>         the element type
     * @return an unmodifiable copy of the list
     */
    public <T> List<T> getList(String column, Class<T> elementType) {
        Datum d = require(column);
        if (!(d instanceof Datum.Seq seq)) {
            throw wrongKind(column, d, "a list");
        }
        List<T> out = new ArrayList<>(seq.values().size());
        for (Datum element : seq.values()) {
            Object value = Values.toJava(element);
            if (!elementType.isInstance(value)) {
                throw new IllegalStateException("The list in column '" + column + "' of " + source + " holds " + value
                        + ", which is not a " + elementType.getSimpleName() + ".");
            }
            out.add(elementType.cast(value));
        }
        return Collections.unmodifiableList(out);
    }

    /**
     * Any column as a plain Java value: {@code Long}, {@code String} or an unmodifiable
     * {@code List} of such values.
     *
     * @param column the column's name
     * @return its value
     */
    public Object get(String column) {
        return Values.toJava(require(column));
    }

    /**
     * Whether the row has the column.
     *
     * @param column the column's name
     * @return true if present
     */
    public boolean has(String column) {
        return row.getOrNull(column) != null;
    }

    /** The names of the row's columns, in order. */
    public Set<String> columns() {
        return row.columns().keySet();
    }

    /** The row as the core data type, e.g. to write it back elsewhere. */
    public Row row() {
        return row;
    }

    @Override
    public String toString() {
        return source + " " + row;
    }

    private Datum require(String column) {
        Datum d = row.getOrNull(column);
        if (d == null) {
            throw new NoSuchElementException(source + " has no column '" + column + "'; its columns are "
                    + row.columns().keySet() + ".");
        }
        return d;
    }

    private long integer(String column, Datum d) {
        if (d instanceof Datum.Int64 i) {
            return i.value();
        }
        throw wrongKind(column, d, "an integer");
    }

    private IllegalStateException wrongKind(String column, Datum d, String wanted) {
        return new IllegalStateException("Column '" + column + "' of " + source + " holds " + d + ", not " + wanted + ".");
    }
}
