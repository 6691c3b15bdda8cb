package io.catena.client;

import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The rows an answer carries, by key, telling a row that does not exist apart from one that was
 * not read at all. Shared by {@link TxnOutcome} and {@link SnapshotResult}.
 */
final class ReadRows {

    private final Map<RowKey, Row> rows = new LinkedHashMap<>();

    ReadRows(List<ReadResult> reads) {
        for (ReadResult r : reads) {
            rows.put(r.key(), r.row());
        }
    }

    Optional<ResultRow> row(RowKey key) {
        if (!rows.containsKey(key)) {
            throw new IllegalArgumentException("Row " + key + " was not read by this request; it read " + rows.keySet()
                    + ".");
        }
        Row row = rows.get(key);
        return row == null ? Optional.empty() : Optional.of(new ResultRow("row " + key, row));
    }

    Set<RowKey> keys() {
        return Collections.unmodifiableSet(rows.keySet());
    }
}
