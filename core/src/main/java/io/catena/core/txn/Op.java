package io.catena.core.txn;

import io.catena.core.data.Row;
import io.catena.core.data.RowKey;

/** One operation of an ad-hoc transaction, on a row named up front. */
public sealed interface Op permits Op.Read, Op.Write, Op.Update, Op.Insert, Op.Delete, Op.Check {

    RowKey key();

    Access access();

    /** Returns the row; null if absent. */
    record Read(RowKey key) implements Op {
        @Override
        public Access access() {
            return Access.READ;
        }
    }

    /** Replaces the row (blind write). */
    record Write(RowKey key, Row row) implements Op {
        @Override
        public Access access() {
            return Access.WRITE;
        }
    }

    /** Read-modify-write with a built-in function. */
    record Update(RowKey key, UpdateFn fn) implements Op {
        @Override
        public Access access() {
            return Access.READ_WRITE;
        }
    }

    /** Creates the row; aborts the transaction if it already exists. */
    record Insert(RowKey key, Row row) implements Op {
        @Override
        public Access access() {
            return Access.READ_WRITE;
        }
    }

    /** Removes the row (blind). */
    record Delete(RowKey key) implements Op {
        @Override
        public Access access() {
            return Access.WRITE;
        }
    }

    /** Aborts the transaction unless the condition holds. */
    record Check(RowKey key, Condition condition) implements Op {
        @Override
        public Access access() {
            return Access.READ;
        }
    }
}
