package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowJson;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * The chain keys' data in one keyspace: the {@code data} table (one partition per chain key) and the
 * {@code keys} table (the chain keys of each Catena table, for listing). Prepared statements only,
 * every request asynchronous; no state beyond the statements, so callers order the calls.
 *
 * <p>Writes take a condition, {@code held}: null, or a statement on the same partition that makes
 * the write's batch conditional ({@link TermClaims}); they return the result so the caller can see
 * whether it was applied (an unconditional write always is).
 */
final class DataTable {

    /** What one read of a partition returned: its stored versions and its static columns. */
    record PartitionRead(PartitionHistory history, Version latest, Version horizon) {
    }

    /**
     * A partition is read in one page so the read is one command on each replica and so isolated
     * from concurrent single-partition batches; garbage collection keeps partitions far smaller.
     */
    private static final int PARTITION_PAGE_SIZE = 1_000_000;

    private static final String STATICS = "latest_epoch, latest_rank, horizon_epoch, horizon_rank";

    private final CqlSession session;
    private final PreparedStatement insertRow;
    private final PreparedStatement insertDeletion;
    private final PreparedStatement setLatest;
    private final PreparedStatement setHorizon;
    private final PreparedStatement selectStatics;
    private final PreparedStatement selectPartition;
    private final PreparedStatement selectNewestRows;
    private final PreparedStatement sweepBelow;
    private final PreparedStatement sweepThrough;
    private final PreparedStatement deletePartition;
    private final PreparedStatement insertKey;
    private final PreparedStatement deleteKey;
    private final PreparedStatement selectKeys;

    DataTable(CqlSession session, String keyspace) {
        this.session = session;
        String data = keyspace + "." + CassandraLayout.DATA;
        String keys = keyspace + "." + CassandraLayout.KEYS;
        String partition = " WHERE tbl = ? AND part = ?";
        insertRow = prepare("INSERT INTO " + data
                + " (tbl, part, clustering, version_epoch, version_rank, row) VALUES (?, ?, ?, ?, ?, ?)");
        insertDeletion = prepare("INSERT INTO " + data
                + " (tbl, part, clustering, version_epoch, version_rank) VALUES (?, ?, ?, ?, ?)");
        setLatest = prepare("UPDATE " + data + " SET latest_epoch = ?, latest_rank = ?" + partition);
        setHorizon = prepare("UPDATE " + data + " SET horizon_epoch = ?, horizon_rank = ?" + partition);
        selectStatics = prepare("SELECT " + STATICS + " FROM " + data + partition + " LIMIT 1");
        String allColumns = "SELECT clustering, version_epoch, version_rank, row, " + STATICS + " FROM " + data + partition;
        selectPartition = prepare(allColumns);
        // The first CQL row of each clustering group is its newest version (versions sort descending).
        selectNewestRows = prepare(allColumns + " GROUP BY clustering");
        String ofRow = partition + " AND clustering = ? AND (version_epoch, version_rank) ";
        sweepBelow = prepare("DELETE FROM " + data + ofRow + "< (?, ?)");
        sweepThrough = prepare("DELETE FROM " + data + ofRow + "<= (?, ?)");
        deletePartition = prepare("DELETE FROM " + data + partition);
        insertKey = prepare("INSERT INTO " + keys + " (tbl, part) VALUES (?, ?)");
        deleteKey = prepare("DELETE FROM " + keys + partition);
        selectKeys = prepare("SELECT part FROM " + keys + " WHERE tbl = ?");
    }

    /** The key's latest version and horizon from its static columns; {@link KeyState#ABSENT} if it has none. */
    CompletionStage<KeyState> readState(ChainKey key) {
        return session.executeAsync(selectStatics.bind(key.table(), key.partition()))
                .thenApply(rs -> {
                    Row row = rs.one();
                    return row == null ? KeyState.ABSENT : KeyState.stored(latestOf(row), horizonOf(row));
                });
    }

    /**
     * Reads the partition: every stored version, or with {@code newestOnly} only each row's newest
     * version (enough for a read at or above the latest version, and far less to transfer).
     */
    CompletionStage<PartitionRead> read(ChainKey key, boolean newestOnly) {
        BoundStatement select = (newestOnly ? selectNewestRows : selectPartition)
                .bind(key.table(), key.partition()).setPageSize(PARTITION_PAGE_SIZE);
        return Pages.all(session, select).thenApply(rows -> {
            List<StoredVersion> stored = new ArrayList<>(rows.size());
            Version latest = Version.ZERO;
            Version horizon = Version.ZERO;
            for (Row row : rows) {
                latest = latestOf(row);
                horizon = horizonOf(row);
                if (!row.isNull("clustering")) {
                    Version v = Version.of(row.getLong("version_epoch"), row.getInt("version_rank"));
                    String json = row.getString("row");
                    stored.add(new StoredVersion(row.getString("clustering"), v, json == null ? null : RowJson.decode(json)));
                }
            }
            return new PartitionRead(new PartitionHistory(stored), latest, horizon);
        });
    }

    /** Lists a new key in its table; done before its first apply, so a listed key may have no data, never the reverse. */
    CompletionStage<Void> list(ChainKey key) {
        return session.executeAsync(insertKey.bind(key.table(), key.partition())).thenApply(rs -> null);
    }

    /**
     * Applies one commit as one unlogged batch on the key's partition: Cassandra applies a
     * single-partition batch atomically and in isolation, so a reader sees all its rows or none,
     * and the latest version moves in the same mutation, with the horizon if one is pending. Of two
     * writes to one row, the last counts.
     */
    CompletionStage<AsyncResultSet> apply(ChainKey key, Version version, List<RowWrite> writes, Version pendingHorizon,
                                          BoundStatement held) {
        Map<String, RowWrite> byRow = new LinkedHashMap<>();
        writes.forEach(w -> byRow.put(w.clustering(), w));
        BatchStatementBuilder batch = batchHeldBy(held);
        for (RowWrite w : byRow.values()) {
            batch.addStatement(w.isDelete()
                    ? insertDeletion.bind(key.table(), key.partition(), w.clustering(), version.epoch(), version.rank())
                    : insertRow.bind(key.table(), key.partition(), w.clustering(), version.epoch(), version.rank(),
                            RowJson.encode(w.row())));
        }
        batch.addStatement(setLatest.bind(version.epoch(), version.rank(), key.table(), key.partition()));
        if (pendingHorizon != null) {
            batch.addStatement(setHorizon.bind(pendingHorizon.epoch(), pendingHorizon.rank(), key.table(), key.partition()));
        }
        return session.executeAsync(batch.build());
    }

    /** Writes nothing, but runs the condition alone, if any: a fenced caller still learns whether its term holds. */
    CompletionStage<AsyncResultSet> unchanged(BoundStatement held) {
        return held == null ? CompletableFuture.completedFuture(null) : session.executeAsync(held);
    }

    /**
     * Moves the horizon and deletes the given superseded versions in one single-partition batch:
     * the horizon is stored no later than anything it makes unreadable is deleted.
     */
    CompletionStage<AsyncResultSet> collect(ChainKey key, Version horizon, List<PartitionHistory.Sweep> sweeps,
                                            BoundStatement held) {
        BoundStatement move = setHorizon.bind(horizon.epoch(), horizon.rank(), key.table(), key.partition());
        if (sweeps.isEmpty() && held == null) {
            return session.executeAsync(move);
        }
        BatchStatementBuilder batch = batchHeldBy(held).addStatement(move);
        for (PartitionHistory.Sweep s : sweeps) {
            batch.addStatement((s.inclusive() ? sweepThrough : sweepBelow).bind(key.table(), key.partition(),
                    s.clustering(), s.upTo().epoch(), s.upTo().rank()));
        }
        return session.executeAsync(batch.build());
    }

    /**
     * Deletes the key's partition, then its listing: an interrupted drop leaves a listed empty key,
     * never hidden data. A refused conditional delete leaves the listing too. Whether the deleted
     * partition keeps its term does not matter: a fenced write claims a partition without one anew.
     */
    CompletionStage<AsyncResultSet> drop(ChainKey key, BoundStatement held) {
        BoundStatement delete = deletePartition.bind(key.table(), key.partition());
        return session.executeAsync(held == null ? delete : batchHeldBy(held).addStatement(delete).build())
                .thenCompose(rs -> !rs.wasApplied() ? CompletableFuture.completedFuture(rs)
                        : session.executeAsync(deleteKey.bind(key.table(), key.partition())).thenApply(listing -> rs));
    }

    /** The listed keys of a table, in {@link ChainKey} order. */
    CompletionStage<List<ChainKey>> keysOf(String table) {
        return Pages.all(session, selectKeys.bind(table)).thenApply(rows -> {
            List<ChainKey> keys = new ArrayList<>(rows.size());
            rows.forEach(r -> keys.add(ChainKey.of(table, r.getString(0))));
            // Cassandra orders text by UTF-8 bytes, Java by UTF-16 units; they differ above U+FFFF.
            keys.sort(null);
            return keys;
        });
    }

    private static BatchStatementBuilder batchHeldBy(BoundStatement held) {
        BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED).setIdempotence(true);
        return held == null ? batch : batch.addStatement(held);
    }

    /** Every statement is idempotent (a retry writes the same cells), so the driver may retry it. */
    private PreparedStatement prepare(String cql) {
        return session.prepare(SimpleStatement.newInstance(cql).setIdempotent(true));
    }

    private static Version latestOf(Row row) {
        return row.isNull("latest_epoch") ? Version.ZERO
                : Version.of(row.getLong("latest_epoch"), row.getInt("latest_rank"));
    }

    private static Version horizonOf(Row row) {
        return row.isNull("horizon_epoch") ? Version.ZERO
                : Version.of(row.getLong("horizon_epoch"), row.getInt("horizon_rank"));
    }
}
