package io.catena.core.txn;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;

/**
 * Built-in deterministic read-modify-write functions for ad-hoc transactions. They run in every
 * region against the same input and must produce the same output, so they are data, not code.
 */
public sealed interface UpdateFn permits UpdateFn.Add, UpdateFn.SetField, UpdateFn.Append {

    /** The row after the update; {@code current} is {@link Row#EMPTY} for an absent row. */
    Row apply(Row current);

    /** Adds {@code delta} to an integer column (absent counts as zero). */
    record Add(String column, long delta) implements UpdateFn {
        @Override
        public Row apply(Row current) {
            return current.with(column, Datum.of(Math.addExact(current.getLong(column, 0), delta)));
        }
    }

    /** Sets one column, leaving the others as they are. */
    record SetField(String column, Datum value) implements UpdateFn {
        @Override
        public Row apply(Row current) {
            return current.with(column, value);
        }
    }

    /** Appends an element to a list column (absent counts as empty). */
    record Append(String column, Datum element) implements UpdateFn {
        @Override
        public Row apply(Row current) {
            Datum d = current.getOrNull(column);
            Datum.Seq seq;
            if (d == null) {
                seq = new Datum.Seq(java.util.List.of());
            } else if (d instanceof Datum.Seq s) {
                seq = s;
            } else {
                throw new IllegalStateException("column " + column + " holds " + d + ", not a list");
            }
            return current.with(column, seq.append(element));
        }
    }
}
