package io.catena.lab.tpcc;

import io.catena.client.Connection;
import io.catena.client.ResultRow;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.tpcc.check.PartitionSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletionStage;

/**
 * A region's TPC-C tables as its snapshot reads show them: each partition read whole, in a
 * snapshot that includes {@code floor}. Read after a run, once every answer is in, so that the
 * partitions' separate snapshots all show the same, final state. It cannot list a table's keys.
 */
final class SnapshotPartitions implements PartitionSource {

    private final Connection connection;
    private final Version floor;

    SnapshotPartitions(Connection connection, Version floor) {
        this.connection = connection;
        this.floor = floor;
    }

    @Override
    public CompletionStage<SortedMap<String, Row>> read(ChainKey key) {
        return connection.snapshot().atLeast(floor).readPartition(key).executeAsync()
                .thenApply(result -> rows(result.partition(key)));
    }

    @Override
    public Optional<CompletionStage<List<ChainKey>>> keys(String table) {
        return Optional.empty();
    }

    private static SortedMap<String, Row> rows(SortedMap<String, ResultRow> read) {
        SortedMap<String, Row> rows = new TreeMap<>();
        for (Map.Entry<String, ResultRow> e : read.entrySet()) {
            rows.put(e.getKey(), e.getValue().row());
        }
        return rows;
    }
}
