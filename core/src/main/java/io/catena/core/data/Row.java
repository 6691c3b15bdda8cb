package io.catena.core.data;

import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * An immutable row: columns by name, in name order. Absent columns are null; there is no null
 * datum.
 */
public final class Row {

    public static final Row EMPTY = new Row(new TreeMap<>());

    private final SortedMap<String, Datum> columns;
    private final int sizeBytes;

    private Row(TreeMap<String, Datum> columns) {
        this.columns = Collections.unmodifiableSortedMap(columns);
        int size = 0;
        for (Map.Entry<String, Datum> e : columns.entrySet()) {
            size += e.getKey().length() + e.getValue().sizeBytes();
        }
        this.sizeBytes = size;
    }

    public static Row of(Map<String, Datum> columns) {
        return columns.isEmpty() ? EMPTY : new Row(new TreeMap<>(columns));
    }

    public static Row of(String column, Datum value) {
        TreeMap<String, Datum> m = new TreeMap<>();
        m.put(column, value);
        return new Row(m);
    }

    public static Row of(String column, long value) {
        return of(column, Datum.of(value));
    }

    public static Row of(String column, String value) {
        return of(column, Datum.of(value));
    }

    public SortedMap<String, Datum> columns() {
        return columns;
    }

    public Optional<Datum> get(String column) {
        return Optional.ofNullable(columns.get(column));
    }

    public Datum getOrNull(String column) {
        return columns.get(column);
    }

    public long getLong(String column, long absent) {
        Datum d = columns.get(column);
        if (d == null) {
            return absent;
        }
        if (d instanceof Datum.Int64 i) {
            return i.value();
        }
        throw new IllegalStateException("column " + column + " holds " + d + ", not an integer");
    }

    /** A copy with one column set. */
    public Row with(String column, Datum value) {
        TreeMap<String, Datum> m = new TreeMap<>(columns);
        m.put(column, value);
        return new Row(m);
    }

    /** A copy with every column of {@code other} laid over this row's. */
    public Row merge(Row other) {
        if (other.columns.isEmpty()) {
            return this;
        }
        TreeMap<String, Datum> m = new TreeMap<>(columns);
        m.putAll(other.columns);
        return new Row(m);
    }

    public boolean isEmpty() {
        return columns.isEmpty();
    }

    public int sizeBytes() {
        return sizeBytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row r && columns.equals(r.columns);
    }

    @Override
    public int hashCode() {
        return columns.hashCode();
    }

    @Override
    public String toString() {
        return columns.toString();
    }
}
