package io.catena.core.data;

import java.util.Arrays;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * An immutable row: columns by name, in name order. Absent columns are null; there is no null
 * datum.
 *
 * <p>Held as two parallel arrays sorted by name rather than as a map: a store keeps a row for
 * every version of every key, and rows have a handful of columns, for which a binary search is as
 * quick as a tree and a fraction of its memory. {@link #columns()} builds a map on demand; hot
 * paths iterate with {@link #forEach} or by index ({@link #name}, {@link #value}).
 */
public final class Row {

    private static final String[] NO_NAMES = new String[0];
    private static final Datum[] NO_VALUES = new Datum[0];

    public static final Row EMPTY = new Row(NO_NAMES, NO_VALUES);

    private final String[] names;
    private final Datum[] values;
    private final int sizeBytes;

    /** Takes ownership of the arrays: names sorted and distinct, values non-null, same length. */
    private Row(String[] names, Datum[] values) {
        this.names = names;
        this.values = values;
        int size = 0;
        for (int i = 0; i < names.length; i++) {
            size += names[i].length() + values[i].sizeBytes();
        }
        this.sizeBytes = size;
    }

    public static Row of(Map<String, Datum> columns) {
        if (columns.isEmpty()) {
            return EMPTY;
        }
        TreeMap<String, Datum> sorted = new TreeMap<>(columns);
        String[] names = new String[sorted.size()];
        Datum[] values = new Datum[sorted.size()];
        int i = 0;
        for (Map.Entry<String, Datum> e : sorted.entrySet()) {
            names[i] = requireName(e.getKey());
            values[i] = requireValue(e.getKey(), e.getValue());
            i++;
        }
        return new Row(names, values);
    }

    public static Row of(String column, Datum value) {
        return new Row(new String[] {requireName(column)}, new Datum[] {requireValue(column, value)});
    }

    public static Row of(String column, long value) {
        return of(column, Datum.of(value));
    }

    public static Row of(String column, String value) {
        return of(column, Datum.of(value));
    }

    /** The columns as a sorted, unmodifiable map, built on each call. */
    public SortedMap<String, Datum> columns() {
        TreeMap<String, Datum> m = new TreeMap<>();
        for (int i = 0; i < names.length; i++) {
            m.put(names[i], values[i]);
        }
        return Collections.unmodifiableSortedMap(m);
    }

    /** Calls {@code action} with every column, in name order. */
    public void forEach(BiConsumer<String, Datum> action) {
        for (int i = 0; i < names.length; i++) {
            action.accept(names[i], values[i]);
        }
    }

    /** How many columns the row has. */
    public int size() {
        return names.length;
    }

    /** The name of column {@code i} in name order, {@code 0 <= i < size()}. */
    public String name(int i) {
        return names[i];
    }

    /** The value of column {@code i} in name order, {@code 0 <= i < size()}. */
    public Datum value(int i) {
        return values[i];
    }

    public Optional<Datum> get(String column) {
        return Optional.ofNullable(getOrNull(column));
    }

    public Datum getOrNull(String column) {
        int i = Arrays.binarySearch(names, column);
        return i >= 0 ? values[i] : null;
    }

    public long getLong(String column, long absent) {
        Datum d = getOrNull(column);
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
        requireName(column);
        requireValue(column, value);
        int i = Arrays.binarySearch(names, column);
        if (i >= 0) {
            Datum[] v = values.clone();
            v[i] = value;
            return new Row(names, v);
        }
        int at = -i - 1;
        String[] n = new String[names.length + 1];
        Datum[] v = new Datum[names.length + 1];
        System.arraycopy(names, 0, n, 0, at);
        System.arraycopy(values, 0, v, 0, at);
        n[at] = column;
        v[at] = value;
        System.arraycopy(names, at, n, at + 1, names.length - at);
        System.arraycopy(values, at, v, at + 1, names.length - at);
        return new Row(n, v);
    }

    /** A copy with every column of {@code other} laid over this row's. */
    public Row merge(Row other) {
        if (other.names.length == 0) {
            return this;
        }
        Row merged = this;
        for (int i = 0; i < other.names.length; i++) {
            merged = merged.with(other.names[i], other.values[i]);
        }
        return merged;
    }

    public boolean isEmpty() {
        return names.length == 0;
    }

    public int sizeBytes() {
        return sizeBytes;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Row r && Arrays.equals(names, r.names) && Arrays.equals(values, r.values);
    }

    @Override
    public int hashCode() {
        // As a map of the same columns would hash, so rows and their column maps agree.
        int h = 0;
        for (int i = 0; i < names.length; i++) {
            h += names[i].hashCode() ^ values[i].hashCode();
        }
        return h;
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < names.length; i++) {
            if (i > 0) {
                b.append(", ");
            }
            b.append(names[i]).append('=').append(values[i]);
        }
        return b.append('}').toString();
    }

    private static String requireName(String column) {
        if (column == null) {
            throw new IllegalArgumentException("a column needs a name");
        }
        return column;
    }

    private static Datum requireValue(String column, Datum value) {
        if (value == null) {
            throw new IllegalArgumentException("column " + column + " needs a value; absent columns are left out");
        }
        return value;
    }
}
