package io.catena.core.txn;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;

/** One operation of an ad-hoc transaction, on a row named up front. */
public sealed interface Op permits Op.Read, Op.Write, Op.Update, Op.Insert, Op.Delete, Op.Check,
        Op.CheckPartition {

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

    /**
     * Aborts the transaction with a conflict unless the partition's rows are still those an
     * interactive transaction read ({@link RowDigest#ofRows}): no row changed, appeared or
     * vanished. Its {@link #key()} is the partition's row with the empty clustering key, standing
     * for the whole partition.
     */
    record CheckPartition(ChainKey partition, RowDigest digest) implements Op {
        @Override
        public RowKey key() {
            return new RowKey(partition, "");
        }

        @Override
        public Access access() {
            return Access.READ;
        }
    }
}
