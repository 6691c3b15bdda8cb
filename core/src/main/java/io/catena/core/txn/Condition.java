package io.catena.core.txn;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;

/** A deterministic predicate on a row; a failing check aborts the transaction in every region. */
public sealed interface Condition permits Condition.Exists, Condition.Absent, Condition.Compare, Condition.Unchanged {

    /** {@code row} is null when the row does not exist. */
    boolean test(Row row);

    /**
     * Why {@code row}, which fails this condition, fails it, in the application's terms: what was
     * required and what the row holds, e.g. {@code balance >= 1000 failed (balance is 90)}.
     */
    String failure(Row row);

    /**
     * Whether a failure is a conflict with a concurrent transaction ({@link TxnResult#isConflict},
     * retryable) rather than the transaction's own verdict on the data.
     */
    default boolean conflict() {
        return false;
    }

    record Exists() implements Condition {
        @Override
        public boolean test(Row row) {
            return row != null;
        }

        @Override
        public String failure(Row row) {
            return "the row must exist and does not";
        }
    }

    record Absent() implements Condition {
        @Override
        public boolean test(Row row) {
            return row == null;
        }

        @Override
        public String failure(Row row) {
            return "the row must be absent and exists";
        }
    }

    /**
     * The row is still what an interactive transaction read at its snapshot: the same contents
     * ({@link RowDigest}), or still absent. Checked at the transaction's place in the order, it
     * makes the snapshot read part of the transaction; when it fails the row changed in between,
     * and running the transaction again (reading afresh) is safe.
     */
    record Unchanged(RowDigest digest) implements Condition {
        @Override
        public boolean test(Row row) {
            return RowDigest.of(row).equals(digest);
        }

        @Override
        public String failure(Row row) {
            return "changed after the transaction read it";
        }

        @Override
        public boolean conflict() {
            return true;
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

        @Override
        public String failure(Row row) {
            Datum d = row == null ? null : row.getOrNull(column);
            String found = row == null ? "the row is absent" : d == null ? column + " is absent" : column + " is " + d;
            return column + " " + op.symbol() + " " + value + " failed (" + found + ")";
        }
    }

    enum Comparison {
        EQ, NE, LT, LE, GT, GE;

        /** As the application would write it: {@code >=} for GE. */
        public String symbol() {
            return switch (this) {
                case EQ -> "==";
                case NE -> "!=";
                case LT -> "<";
                case LE -> "<=";
                case GT -> ">";
                case GE -> ">=";
            };
        }

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
