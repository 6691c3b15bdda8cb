package io.catena.client;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.txn.TxnPlanner;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The checks both transaction builders ({@link OperationList}, {@link Transaction}) make on an
 * operation's arguments as it is added, so that a bad one fails at the caller's line with
 * {@link InvalidTransactionException} rather than in a region.
 */
final class OpArguments {

    private OpArguments() {
    }

    static RowKey key(RowKey key) {
        if (key == null) {
            throw InvalidTransactionException.invalid("a row key is null");
        }
        userTable(key.chainKey());
        return key;
    }

    static ChainKey userTable(ChainKey partition) {
        if (partition == null) {
            throw InvalidTransactionException.invalid("a partition key is null");
        }
        if (partition.table().startsWith(TxnPlanner.RESERVED_TABLE_PREFIX)) {
            throw InvalidTransactionException.invalid("table " + partition.table() + " is reserved for Catena's own use");
        }
        return partition;
    }

    static String column(RowKey key, String column) {
        key(key);
        if (column == null || column.isEmpty()) {
            throw InvalidTransactionException.invalid("a column name on " + key + " is " + (column == null ? "null" : "empty"));
        }
        return column;
    }

    static Datum datum(RowKey key, String column, Object value) {
        return Values.toDatum(value, "the value for column '" + column + "' of " + key);
    }

    static Row row(RowKey key, Map<String, ?> columns) {
        key(key);
        if (columns == null) {
            throw InvalidTransactionException.invalid("the columns for " + key + " are null");
        }
        Map<String, Datum> converted = new LinkedHashMap<>();
        columns.forEach((name, value) -> converted.put(column(key, name), datum(key, name, value)));
        return Row.of(converted);
    }

    static Row row(RowKey key, Row row) {
        key(key);
        if (row == null) {
            throw InvalidTransactionException.invalid("the row for " + key + " is null");
        }
        return row;
    }

    /** Adds {@code partition} to those a transaction touches, refusing one beyond the limit. */
    static void touch(Set<ChainKey> partitions, ChainKey partition, String operation, Object what) {
        if (!partitions.contains(partition) && partitions.size() == TxnPlanner.MAX_HOPS) {
            throw InvalidTransactionException.invalid(operation + "() on " + what + " would touch more than "
                    + TxnPlanner.MAX_HOPS + " partitions, the most one transaction may");
        }
        partitions.add(partition);
    }
}
