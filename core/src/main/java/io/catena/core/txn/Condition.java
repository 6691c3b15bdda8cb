package io.catena.core.txn;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;

/** A deterministic predicate on a row; a failing check aborts the transaction in every region. */
public sealed interface Condition permits Condition.Exists, Condition.Absent, Condition.Compare {

    /** {@code row} is null when the row does not exist. */
    boolean test(Row row);

    record Exists() implements Condition {
        @Override
        public boolean test(Row row) {
            return row != null;
        }
    }

    record Absent() implements Condition {
        @Override
        public boolean test(Row row) {
            return row == null;
        }
    }

    /** Compares an integer or text column with a constant; an absent row or column fails. */
    record Compare(String column, Comparison op, Datum value) implements Condition {
        @Override
        public boolean test(Row row) {
            if (row == null) {
                return false;
            }
            Datum d = row.getOrNull(column);
            if (d == null) {
                return false;
            }
            int c;
            if (d instanceof Datum.Int64 a && value instanceof Datum.Int64 b) {
                c = Long.compare(a.value(), b.value());
            } else if (d instanceof Datum.Text a && value instanceof Datum.Text b) {
                c = a.value().compareTo(b.value());
            } else {
                return op == Comparison.NE && !d.equals(value);
            }
            return op.holds(c);
        }
    }

    enum Comparison {
        EQ, NE, LT, LE, GT, GE;

        boolean holds(int c) {
            return switch (this) {
                case EQ -> c == 0;
                case NE -> c != 0;
                case LT -> c < 0;
                case LE -> c <= 0;
                case GT -> c > 0;
                case GE -> c >= 0;
            };
        }
    }
}
