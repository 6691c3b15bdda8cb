package io.catena.tpcc.check;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;

/**
 * Integer columns and numbered keys as the checker reads them: leniently, since a corrupt store is
 * what it looks for. An absent, non-integer or unparsable value is {@code null}, which the
 * conditions report as a violation rather than an exception.
 */
final class RowNumbers {

    private RowNumbers() {
    }

    /** Column {@code column} of {@code row} if it holds an integer; null if the row or column is absent or not one. */
    static Long of(Row row, String column) {
        if (row == null) {
            return null;
        }
        return row.getOrNull(column) instanceof Datum.Int64 i ? i.value() : null;
    }

    /** The number a clustering key holds after {@code prefix}, up to the next '/', or null if it holds none. */
    static Long afterPrefix(String key, String prefix) {
        int end = key.indexOf('/', prefix.length());
        String digits = key.substring(prefix.length(), end < 0 ? key.length() : end);
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** Renders a possibly absent value for a sentence. */
    static String show(Long value) {
        return value == null ? "absent" : value.toString();
    }

    /** Renders a possibly absent column value for a sentence. */
    static String show(Datum value) {
        return value == null ? "absent" : value.toString();
    }
}
