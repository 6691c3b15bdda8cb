package io.catena.tpcc.procedure;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;

/** Typed reads of the columns TPC-C rows must have; a missing one fails the hop deterministically. */
final class Columns {

    private Columns() {
    }

    static long integer(Row row, String column) {
        Datum d = row.getOrNull(column);
        if (d instanceof Datum.Int64 i) {
            return i.value();
        }
        throw new IllegalStateException("column " + column + " of " + row + " is " + (d == null ? "missing" : d)
                + ", not an integer");
    }

    static String text(Row row, String column) {
        Datum d = row.getOrNull(column);
        if (d instanceof Datum.Text t) {
            return t.value();
        }
        throw new IllegalStateException("column " + column + " of " + row + " is " + (d == null ? "missing" : d)
                + ", not text");
    }

    static Row add(Row row, String column, long delta) {
        return row.with(column, Datum.of(Math.addExact(integer(row, column), delta)));
    }
}
