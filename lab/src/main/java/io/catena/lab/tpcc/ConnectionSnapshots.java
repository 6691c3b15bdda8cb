package io.catena.lab.tpcc;

import io.catena.client.Connection;
import io.catena.client.ResultRow;
import io.catena.client.SnapshotResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.tpcc.readonly.SnapshotReader;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * TPC-C's read-only transactions read through a connection's snapshot reads: local to the
 * connection's region, and never older than the connection's last read or commit.
 */
final class ConnectionSnapshots implements SnapshotReader {

    private final Connection connection;

    ConnectionSnapshots(Connection connection) {
        this.connection = connection;
    }

    @Override
    public Map<RowKey, Row> read(Collection<RowKey> keys) {
        SnapshotResult result = connection.snapshot().read(keys).execute();
        Map<RowKey, Row> rows = new LinkedHashMap<>();
        for (RowKey key : keys) {
            Optional<ResultRow> row = result.row(key);
            row.ifPresent(r -> rows.put(key, r.row()));
        }
        return rows;
    }
}
