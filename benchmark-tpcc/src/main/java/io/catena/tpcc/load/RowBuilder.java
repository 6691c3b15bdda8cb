package io.catena.tpcc.load;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import java.util.TreeMap;

/** The columns of one row being loaded; numbers go through {@link SharedNumbers}. */
final class RowBuilder {

    private final TreeMap<String, Datum> columns = new TreeMap<>();

    RowBuilder put(String column, Datum value) {
        columns.put(column, value);
        return this;
    }

    RowBuilder put(String column, long value) {
        return put(column, SharedNumbers.of(value));
    }

    RowBuilder put(String column, String value) {
        return put(column, Datum.of(value));
    }

    Row build() {
        return Row.of(columns);
    }
}
