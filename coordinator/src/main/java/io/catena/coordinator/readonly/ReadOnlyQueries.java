package io.catena.coordinator.readonly;

import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.coordinator.CoordinatorContext;
import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.SnapshotRows;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.ReadOnlyTxn;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Read-only transactions, answered in this region without any other (Catenae §VI-F). Each chain
 * server involved reports the newest version at which the keys it holds are stable; the snapshot
 * is the oldest of those, so every row is read at one version with every writer at or below it
 * applied. A version prefix is a consistent cut of the decided serialization order, hence the
 * read is serializable, whatever commits are decided but not yet applied. Whole partitions are
 * read the same way, on the server of their chain key, at the same snapshot as the rows.
 *
 * <p>An answer takes at most a frame every region process accepts
 * ({@link ReadOnlyTxn#maxReplyBytes}); a larger one is refused with the sizes, since it could
 * never be sent.
 */
public final class ReadOnlyQueries {

    private final CoordinatorContext ctx;
    private final Map<Long, Query> queries = new HashMap<>();
    private final TreeMap<Long, List<Query>> retries = new TreeMap<>();
    private long nextQueryId = 1;

    /** What one chain server is asked to read for a query. */
    private record ServerPart(List<RowKey> keys, List<ChainKey> partitions) {
    }

    private static final class Query {
        /**
         * This round's id. A query asked again (a server could not answer) takes a new one, so that
         * an answer to the round before, still on its way, is not counted in this one.
         */
        long id;
        final NodeId client;
        final SubmitReadOnly request;
        final List<ChainKey> partitions;
        final LinkedHashMap<Integer, ServerPart> byServer = new LinkedHashMap<>();
        final Map<Integer, SnapshotReply> replies = new HashMap<>();
        Version snapshot;
        int awaiting;

        Query(NodeId client, SubmitReadOnly request) {
            this.client = client;
            this.request = request;
            // A partition asked twice is read and answered once.
            this.partitions = List.copyOf(new LinkedHashSet<>(request.partitions()));
        }
    }

    public ReadOnlyQueries(CoordinatorContext ctx) {
        this.ctx = ctx;
    }

    public void onSubmit(long nowMicros, NodeId from, SubmitReadOnly m) {
        String rejection = ReadOnlyTxn.rejection(m.keys(), m.partitions());
        if (rejection != null) {
            ctx.outbox.send(from, new TxnReply(m.request(), TxnResult.rejected(rejection), null, false));
            return;
        }
        ctx.stats.readOnlyQueries++;
        start(new Query(from, m));
    }

    private void start(Query q) {
        q.byServer.clear();
        q.replies.clear();
        q.snapshot = null;
        q.id = nextQueryId++;
        for (RowKey k : q.request.keys()) {
            part(q, k.chainKey()).keys().add(k);
        }
        for (ChainKey p : q.partitions) {
            part(q, p).partitions().add(p);
        }
        queries.put(q.id, q);
        q.awaiting = q.byServer.size();
        q.byServer.forEach((s, part) -> ctx.outbox.send(ctx.chainServer(s), read(q, part, null)));
    }

    private ServerPart part(Query q, ChainKey key) {
        return q.byServer.computeIfAbsent(ctx.ownership.readServerFor(key),
                s -> new ServerPart(new ArrayList<>(), new ArrayList<>()));
    }

    private static SnapshotRead read(Query q, ServerPart part, Version at) {
        return new SnapshotRead(q.id, part.keys(), at, part.partitions());
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
            for (Map.Entry<Integer, ServerPart> e : q.byServer.entrySet()) {
                if (!q.replies.get(e.getKey()).version().equals(snapshot)) {
                    q.awaiting++;
                    ctx.outbox.send(ctx.chainServer(e.getKey()), read(q, e.getValue(), snapshot));
                }
            }
            if (q.awaiting > 0) {
                return;
            }
        }
        complete(q);
    }

    /** Puts the servers' answers back in the order the client asked. */
    private void complete(Query q) {
        queries.remove(q.id);
        Map<RowKey, Row> rows = new HashMap<>();
        Map<ChainKey, SortedMap<String, Row>> partitions = new HashMap<>();
        q.byServer.forEach((server, part) -> {
            SnapshotRows read = SnapshotRows.split(q.replies.get(server).rows(), part.keys().size(), part.partitions());
            read.keyReads().forEach(r -> rows.put(r.key(), r.row()));
            partitions.putAll(read.partitions());
        });
        List<ReadResult> keyReads = new ArrayList<>();
        for (RowKey k : q.request.keys()) {
            keyReads.add(new ReadResult(k, rows.get(k)));
        }
        Map<ChainKey, SortedMap<String, Row>> asked = new LinkedHashMap<>();
        q.partitions.forEach(p -> asked.put(p, partitions.get(p)));
        TxnResult result = ReadOnlyTxn.result(new SnapshotRows(keyReads, asked), ReadOnlyTxn.maxReplyBytes(ctx.config));
        boolean fits = result.outcome() == Outcome.COMMITTED;
        if (!fits) {
            ctx.stats.readOnlyTooLarge++;
        }
        ctx.outbox.send(q.client, new TxnReply(q.request.request(), result, fits ? q.snapshot : null, false));
    }

    private void retryLater(Query q, long nowMicros) {
        queries.remove(q.id);
        ctx.stats.readOnlyRetries++;
        retries.computeIfAbsent(nowMicros + ctx.epochs.lengthMicros(), t -> new ArrayList<>()).add(q);
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
