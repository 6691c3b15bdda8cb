package io.catena.coordinator.readonly;

import io.catena.coordinator.CoordinatorContext;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.message.SnapshotRead;
import io.catena.core.message.SnapshotReply;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Read-only transactions, answered in this region without any other (Catenae §VI-F). Each chain
 * server involved reports the newest version at which the keys it holds are stable; the snapshot
 * is the oldest of those, so every row is read at one version with every writer at or below it
 * applied. A version prefix is a consistent cut of the decided serialization order, hence the
 * read is serializable, whatever commits are decided but not yet applied.
 */
public final class ReadOnlyQueries {

    private final CoordinatorContext ctx;
    private final Map<Long, Query> queries = new HashMap<>();
    private final TreeMap<Long, List<Query>> retries = new TreeMap<>();
    private long nextQueryId = 1;

    private static final class Query {
        final long id;
        final NodeId client;
        final SubmitReadOnly request;
        final LinkedHashMap<Integer, List<RowKey>> byServer = new LinkedHashMap<>();
        final Map<Integer, SnapshotReply> replies = new HashMap<>();
        Version snapshot;
        int awaiting;

        Query(long id, NodeId client, SubmitReadOnly request) {
            this.id = id;
            this.client = client;
            this.request = request;
        }
    }

    public ReadOnlyQueries(CoordinatorContext ctx) {
        this.ctx = ctx;
    }

    public void onSubmit(long nowMicros, NodeId from, SubmitReadOnly m) {
        if (m.keys().isEmpty()) {
            ctx.outbox.send(from, new TxnReply(m.request(), TxnResult.rejected("a read-only transaction reads at least one row"), null, false));
            return;
        }
        for (RowKey k : m.keys()) {
            if (k.chainKey().table().startsWith(TxnPlanner.RESERVED_TABLE_PREFIX)) {
                ctx.outbox.send(from, new TxnReply(m.request(), TxnResult.rejected(
                        "table " + k.chainKey().table() + " is reserved for Catena's own use"), null, false));
                return;
            }
        }
        ctx.stats.readOnlyQueries++;
        start(new Query(nextQueryId++, from, m));
    }

    private void start(Query q) {
        q.byServer.clear();
        q.replies.clear();
        q.snapshot = null;
        for (RowKey k : q.request.keys()) {
            q.byServer.computeIfAbsent(ctx.placement.serverFor(k.chainKey()), s -> new ArrayList<>()).add(k);
        }
        queries.put(q.id, q);
        q.awaiting = q.byServer.size();
        q.byServer.forEach((s, keys) -> ctx.outbox.send(ctx.chainServer(s), new SnapshotRead(q.id, keys, null)));
    }

    public void onReply(long nowMicros, SnapshotReply reply) {
        Query q = queries.get(reply.queryId());
        if (q == null) {
            return;
        }
        if (reply.version() == null) {
            retryLater(q, nowMicros);
            return;
        }
        if (q.snapshot != null && !reply.version().equals(q.snapshot)) {
            return;
        }
        q.replies.put(reply.server(), reply);
        if (--q.awaiting > 0) {
            return;
        }
        if (q.snapshot == null) {
            Version snapshot = Version.MAX;
            for (SnapshotReply r : q.replies.values()) {
                snapshot = Version.min(snapshot, r.version());
            }
            if (snapshot.isBefore(q.request.minVersion())) {
                retryLater(q, nowMicros);
                return;
            }
            q.snapshot = snapshot;
            for (Map.Entry<Integer, List<RowKey>> e : q.byServer.entrySet()) {
                if (!q.replies.get(e.getKey()).version().equals(snapshot)) {
                    q.awaiting++;
                    ctx.outbox.send(ctx.chainServer(e.getKey()), new SnapshotRead(q.id, e.getValue(), snapshot));
                }
            }
            if (q.awaiting > 0) {
                return;
            }
        }
        complete(q);
    }

    private void complete(Query q) {
        queries.remove(q.id);
        Map<RowKey, Row> rows = new HashMap<>();
        for (SnapshotReply r : q.replies.values()) {
            for (ReadResult rr : r.rows()) {
                rows.put(rr.key(), rr.row());
            }
        }
        List<ReadResult> reads = new ArrayList<>();
        for (RowKey k : q.request.keys()) {
            reads.add(new ReadResult(k, rows.get(k)));
        }
        ctx.outbox.send(q.client, new TxnReply(q.request.request(), TxnResult.committed(reads, Row.EMPTY), q.snapshot, false));
    }

    private void retryLater(Query q, long nowMicros) {
        queries.remove(q.id);
        ctx.stats.readOnlyRetries++;
        retries.computeIfAbsent(nowMicros + ctx.epochLengthMicros(), t -> new ArrayList<>()).add(q);
    }

    public void onWakeup(long nowMicros) {
        while (!retries.isEmpty() && retries.firstKey() <= nowMicros) {
            retries.pollFirstEntry().getValue().forEach(this::start);
        }
    }

    public long nextWakeupMicros() {
        return retries.isEmpty() ? Long.MAX_VALUE : retries.firstKey();
    }
}
