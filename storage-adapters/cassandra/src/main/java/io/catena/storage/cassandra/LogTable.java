package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.BatchStatement;
import com.datastax.oss.driver.api.core.cql.BatchStatementBuilder;
import com.datastax.oss.driver.api.core.cql.BatchableStatement;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.cql.DefaultBatchType;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.GroupedLogAppends;
import io.catena.storage.memory.LogRecordFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The replicated log in the {@code rlog} table: one partition per origin region, one CQL row per
 * epoch holding the record in {@link LogRecordFormat}, and a static {@code truncated_through}.
 *
 * <p>First-record-wins without lightweight transactions: each origin's stored epochs and
 * truncation point are read once, then kept here, so an append of a known or truncated epoch is
 * skipped without a round trip. The protocol never writes two different records for one (origin,
 * epoch), so another engine writing the same record concurrently stores the same bytes. Callers
 * must order the calls per origin (the engine does); origin states are only touched by those calls.
 *
 * <p>A leader's own records are the exception ({@link #appendHeld}): two leaders of one region,
 * one deposed, may write different records for one epoch, so those appends are conditional.
 */
final class LogTable {

    /** What is stored for one origin: every epoch above the truncation point, and the point. */
    private static final class OriginLog {
        final ConcurrentSkipListSet<Long> epochs = new ConcurrentSkipListSet<>();
        volatile long truncatedThrough;
    }

    private final CqlSession session;
    private final TermClaims claims;
    private final PreparedStatement insertRecord;
    private final PreparedStatement insertIfAbsent;
    private final PreparedStatement selectOrigin;
    private final PreparedStatement setTruncated;
    private final PreparedStatement deleteThrough;
    private final PreparedStatement selectAll;
    private final ConcurrentHashMap<RegionId, OriginLog> origins = new ConcurrentHashMap<>();

    LogTable(CqlSession session, String keyspace, TermClaims claims) {
        this.session = session;
        this.claims = claims;
        String rlog = keyspace + "." + CassandraLayout.RLOG;
        insertRecord = prepare("INSERT INTO " + rlog + " (origin, epoch, record) VALUES (?, ?, ?)");
        insertIfAbsent = prepare("UPDATE " + rlog + " SET record = ? WHERE origin = ? AND epoch = ? IF record = null");
        selectOrigin = prepare("SELECT epoch, truncated_through FROM " + rlog + " WHERE origin = ?");
        setTruncated = prepare("UPDATE " + rlog + " SET truncated_through = ? WHERE origin = ?");
        deleteThrough = prepare("DELETE FROM " + rlog + " WHERE origin = ? AND epoch <= ?");
        selectAll = prepare("SELECT origin, epoch, record, truncated_through FROM " + rlog);
    }

    /**
     * Stores records of one origin, in epoch order, as one single-partition batch (atomic, one
     * round trip); records already stored or truncated are skipped without one.
     */
    CompletionStage<Void> append(RegionId origin, List<GroupedLogAppends.Encoded> records) {
        return originLog(origin).thenCompose(log -> {
            List<BoundStatement> inserts = new ArrayList<>(records.size());
            List<Long> epochs = new ArrayList<>(records.size());
            for (GroupedLogAppends.Encoded encoded : records) {
                RLogRecord record = encoded.record();
                if (record.epoch() <= log.truncatedThrough || log.epochs.contains(record.epoch())
                        || epochs.contains(record.epoch())) {
                    continue;
                }
                epochs.add(record.epoch());
                inserts.add(insertRecord.bind(origin.index(), record.epoch(),
                        ByteBuffer.wrap(encoded.bytes())));
            }
            if (inserts.isEmpty()) {
                return CompletableFuture.completedFuture(null);
            }
            Statement<?> write = inserts.size() == 1 ? inserts.get(0)
                    : BatchStatement.builder(DefaultBatchType.UNLOGGED).setIdempotence(true)
                            .addStatements(new ArrayList<BatchableStatement<?>>(inserts)).build();
            return session.executeAsync(write).thenApply(rs -> {
                log.epochs.addAll(epochs);
                return null;
            });
        });
    }

    /**
     * Stores records of the origin as its leader of {@code term} writes them: one batch on the
     * origin's partition, conditional on the term ({@link TermClaims#logHeldBy}) and inserting each
     * record not stored yet ({@code IF record = null}, so the first record still wins), one Paxos
     * round. Unlike {@link #append} it never answers from what it remembers: a deposed leader may
     * remember an epoch its successor stored with another record, and must learn it is deposed. A
     * truncated epoch is not written again, but the term is still checked.
     */
    CompletionStage<Void> appendHeld(RegionId origin, List<GroupedLogAppends.Encoded> records, LeaderTerm term) {
        return originLog(origin).thenCompose(log -> {
            Map<Long, GroupedLogAppends.Encoded> pending = new LinkedHashMap<>();
            for (GroupedLogAppends.Encoded encoded : records) {
                if (encoded.record().epoch() > log.truncatedThrough) {
                    pending.putIfAbsent(encoded.record().epoch(), encoded);
                }
            }
            return insertHeld(origin, log, pending, term);
        });
    }

    /**
     * One conditional batch of the pending records; refused because some are stored already (the
     * term holds), it goes again without them, until none is left.
     */
    private CompletionStage<Void> insertHeld(RegionId origin, OriginLog log, Map<Long, GroupedLogAppends.Encoded> pending,
                                             LeaderTerm term) {
        BatchStatementBuilder batch = BatchStatement.builder(DefaultBatchType.UNLOGGED).setIdempotence(true)
                .addStatement(claims.logHeldBy(term));
        pending.forEach((epoch, encoded) ->
                batch.addStatement(insertIfAbsent.bind(ByteBuffer.wrap(encoded.bytes()), origin.index(), epoch)));
        return session.executeAsync(batch.build()).thenCompose(rs -> {
            if (rs.wasApplied()) {
                log.epochs.addAll(pending.keySet());
                return CompletableFuture.completedFuture(null);
            }
            Long held = null;
            List<Long> stored = new ArrayList<>();
            for (Row row : rs.currentPage()) {
                held = held != null ? held : TermClaims.heldTerm(row);
                if (row.getColumnDefinitions().contains("record") && !row.isNull("record")) {
                    stored.add(row.getLong("epoch"));
                }
            }
            if (held == null || held != term.term() || stored.isEmpty()) {
                return CompletableFuture.failedFuture(TermClaims.refusal(term, held));
            }
            log.epochs.addAll(stored);
            pending.keySet().removeAll(stored);
            return pending.isEmpty() ? CompletableFuture.completedFuture(null) : insertHeld(origin, log, pending, term);
        });
    }

    /** Stores the truncation point and deletes the records through it, in one single-partition batch. */
    CompletionStage<Void> truncate(RegionId origin, long throughEpoch) {
        return originLog(origin).thenCompose(log -> {
            if (throughEpoch <= log.truncatedThrough) {
                return CompletableFuture.completedFuture(null);
            }
            BatchStatement batch = BatchStatement.builder(DefaultBatchType.UNLOGGED).setIdempotence(true)
                    .addStatement(setTruncated.bind(throughEpoch, origin.index()))
                    .addStatement(deleteThrough.bind(origin.index(), throughEpoch))
                    .build();
            return session.executeAsync(batch).thenApply(rs -> {
                log.truncatedThrough = throughEpoch;
                log.epochs.headSet(throughEpoch, true).clear();
                return null;
            });
        });
    }

    /** Every stored record above its origin's truncation point, by origin, then epoch. */
    CompletionStage<List<RLogRecord>> readAll() {
        return Pages.all(session, selectAll.bind()).thenApply(rows -> {
            List<RLogRecord> records = new ArrayList<>(rows.size());
            for (Row row : rows) {
                if (row.isNull("epoch") || row.isNull("record")) {
                    continue;
                }
                long truncated = row.isNull("truncated_through") ? 0 : row.getLong("truncated_through");
                if (row.getLong("epoch") > truncated) {
                    records.add(decode(row.getByteBuffer("record")));
                }
            }
            records.sort(Comparator.comparing((RLogRecord r) -> r.origin()).thenComparingLong(RLogRecord::epoch));
            return records;
        });
    }

    /** Forgets cached origin states: after a failed write, what is stored is unknown until read again. */
    void forget(RegionId origin) {
        origins.remove(origin);
    }

    private CompletionStage<OriginLog> originLog(RegionId origin) {
        OriginLog known = origins.get(origin);
        if (known != null) {
            return CompletableFuture.completedFuture(known);
        }
        return Pages.all(session, selectOrigin.bind(origin.index())).thenApply(rows -> {
            OriginLog log = new OriginLog();
            for (Row row : rows) {
                if (!row.isNull("truncated_through")) {
                    log.truncatedThrough = row.getLong("truncated_through");
                }
                if (!row.isNull("epoch")) {
                    log.epochs.add(row.getLong("epoch"));
                }
            }
            log.epochs.headSet(log.truncatedThrough, true).clear();
            origins.put(origin, log);
            return log;
        });
    }

    private static RLogRecord decode(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        try {
            return LogRecordFormat.decode(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored log record is corrupt: " + e.getMessage(), e);
        }
    }

    private PreparedStatement prepare(String cql) {
        return session.prepare(SimpleStatement.newInstance(cql).setIdempotent(true));
    }
}
