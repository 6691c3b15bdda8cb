package io.catena.chainserver;

import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.SnapshotRows;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Local reads for read-only transactions (Catenae §VI-F). A row is read at a version only when
 * every writer of its chain key decided at or below that version is finalized here; the newest
 * such version of a key is its stable version, bounded by the {@link DecisionPeriod} of every
 * unfinished writer. Reads that arrive before the server is synced with its coordinator wait,
 * in arrival order.
 *
 * <p>A whole partition is read like a row: stability is a property of the chain key, so at a
 * version where the key is stable every row of the partition is, and reading them all there is one
 * consistent cut.
 */
final class SnapshotReads {

    private final ChainServerContext ctx;
    private final ChainKeys keys;
    private final Map<Long, Waiting> waiting = new LinkedHashMap<>();
    /** Reads that arrived before the server was synced, in arrival order. */
    private final List<Waiting> parked = new ArrayList<>();

    /** A read not answered yet, and the keys it holds in memory while some of them load. */
    private static final class Waiting {
        final NodeId from;
        final SnapshotRead read;
        List<KeyState> pinned;

        Waiting(NodeId from, SnapshotRead read) {
            this.from = from;
            this.read = read;
        }

        NodeId from() {
            return from;
        }

        SnapshotRead read() {
            return read;
        }
    }

    SnapshotReads(ChainServerContext ctx, ChainKeys keys) {
        this.ctx = ctx;
        this.keys = keys;
    }

    /** Keeps a read until the server is synced: only then are its footprints known. */
    void park(NodeId from, SnapshotRead read) {
        parked.add(new Waiting(from, read));
    }

    /** The server is synced: answers the parked reads, in arrival order. */
    void unpark(long footprintsThrough) {
        for (Waiting w : parked) {
            onRead(w.from(), w.read(), footprintsThrough);
        }
        parked.clear();
    }

    void onRead(NodeId from, SnapshotRead read, long footprintsThrough) {
        Waiting again = waiting.put(read.queryId(), new Waiting(from, read));
        if (again != null && again.pinned != null) {
            again.pinned.forEach(ks -> ks.readsWaiting--);
        }
        tryAnswer(read.queryId(), footprintsThrough);
    }

    void pump(KeyState ks, long footprintsThrough) {
        KeyWork work = ks.pending();
        if (work == null || work.snapshotWaiting.isEmpty()) {
            return;
        }
        List<Long> queries = new ArrayList<>(work.snapshotWaiting);
        work.snapshotWaiting.clear();
        queries.forEach(q -> tryAnswer(q, footprintsThrough));
    }

    private void tryAnswer(long queryId, long footprintsThrough) {
        Waiting w = waiting.get(queryId);
        if (w == null) {
            return;
        }
        SnapshotRead read = w.read();
        Version readable = readableThrough(read);
        if (readable == null) {
            // Another server answers for one of the keys now: the coordinator asks again.
            answered(queryId);
            ctx.outbox.send(w.from(), new SnapshotReply(queryId, ctx.serverIndex, null, List.of()));
            return;
        }
        List<KeyState> states = new ArrayList<>(read.keys().size() + read.partitions().size());
        read.keys().forEach(rk -> states.add(keys.getOrAdd(rk.chainKey())));
        read.partitions().forEach(p -> states.add(keys.getOrAdd(p)));
        if (!loadAll(w, queryId, states)) {
            return;
        }
        answered(queryId);
        Version at = read.at();
        if (at != null && at.isAfter(readable)) {
            ctx.outbox.send(w.from(), new SnapshotReply(queryId, ctx.serverIndex, null, List.of()));
            return;
        }
        if (at == null) {
            at = readable;
            for (KeyState ks : states) {
                at = Version.min(at, DecisionPeriod.stableVersion(ks, footprintsThrough));
            }
        }
        SnapshotRows rows = readAt(read, states, at);
        if (rows == null) {
            // Too old to answer: the coordinator retries with a newer snapshot.
            ctx.outbox.send(w.from(), new SnapshotReply(queryId, ctx.serverIndex, null, List.of()));
            return;
        }
        ctx.stats.snapshotReads++;
        ctx.outbox.send(w.from(), new SnapshotReply(queryId, ctx.serverIndex, at, rows.flatten()));
    }

    /**
     * Whether every key of the read is loaded; if not, loads those missing, makes the read wait on
     * them, and holds every key of it in memory until it is answered: under the budget two keys of
     * one read could otherwise take turns being evicted and loaded, and the read never be answered.
     */
    private boolean loadAll(Waiting w, long queryId, List<KeyState> states) {
        boolean ready = true;
        for (KeyState ks : states) {
            if (!ks.loaded()) {
                keys.ensureLoaded(ks);
                List<Long> waitingHere = ks.work().snapshotWaiting;
                if (!waitingHere.contains(queryId)) {
                    waitingHere.add(queryId);
                }
                ready = false;
            }
        }
        if (!ready && w.pinned == null) {
            w.pinned = states;
            states.forEach(ks -> ks.readsWaiting++);
        }
        return ready;
    }

    /** The read is answered: its keys may leave memory again. */
    private void answered(long queryId) {
        Waiting w = waiting.remove(queryId);
        if (w != null && w.pinned != null) {
            w.pinned.forEach(ks -> ks.readsWaiting--);
        }
    }

    /**
     * The newest version at which this server may answer for every key of the read (see
     * {@link KeyOwnership#readableThrough}), or null if another server answers for one of them.
     */
    private Version readableThrough(SnapshotRead read) {
        Version through = Version.MAX;
        for (int i = 0; i < read.keys().size() + read.partitions().size(); i++) {
            ChainKey key = i < read.keys().size() ? read.keys().get(i).chainKey() : read.partitions().get(i - read.keys().size());
            Version v = ctx.ownership.readableThrough(key);
            if (v == null) {
                return null;
            }
            through = Version.min(through, v);
        }
        return through;
    }

    /**
     * The keys' rows and the partitions' rows at {@code at}, {@code states} holding the keys' chain
     * keys and then the partitions; null if {@code at} is below a key's collected history.
     */
    private SnapshotRows readAt(SnapshotRead read, List<KeyState> states, Version at) {
        int keys = read.keys().size();
        List<ReadResult> keyReads = new ArrayList<>(keys);
        Map<ChainKey, SortedMap<String, Row>> partitions = new LinkedHashMap<>();
        for (int i = 0; i < states.size(); i++) {
            KeyState ks = states.get(i);
            if (at.isBefore(ks.committed.horizon())) {
                return null;
            }
            if (i < keys) {
                RowKey rk = read.keys().get(i);
                Row row = ks.committed.read(rk.clustering(), at);
                keyReads.add(new ReadResult(rk, row));
                ctx.meter.keyAccess(32 + (row == null ? 0 : row.sizeBytes()));
            } else {
                SortedMap<String, Row> rows = ks.committed.snapshot(at);
                partitions.put(ks.key, rows);
                ctx.meter.keyAccess(32 + rows.values().stream().mapToInt(Row::sizeBytes).sum());
            }
        }
        return new SnapshotRows(keyReads, partitions);
    }
}
