package io.catena.chainserver;

import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.SnapshotRows;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.message.SnapshotRead;
import io.catena.core.message.SnapshotReply;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * Local reads for read-only transactions (Catenae §VI-F). A row is read at a version only when
 * every writer of its chain key decided at or below that version is finalized here; the newest
 * such version of a key is its stable version. A writer that is scheduled but not yet decided
 * may still land anywhere in its epoch, so it holds the stable version below its epoch: this is
 * the decision period of the paper, known from the moment the epoch is scheduled.
 *
 * <p>A whole partition is read like a row: stability is a property of the chain key, so at a
 * version where the key is stable every row of the partition is, and reading them all there is one
 * consistent cut.
 */
final class SnapshotReads {

    private final ChainServer server;
    private final Map<Long, Waiting> waiting = new LinkedHashMap<>();

    private record Waiting(NodeId from, SnapshotRead read) {
    }

    SnapshotReads(ChainServer server) {
        this.server = server;
    }

    void onRead(NodeId from, SnapshotRead read) {
        waiting.put(read.queryId(), new Waiting(from, read));
        tryAnswer(read.queryId());
    }

    void pump(KeyState ks) {
        if (ks.snapshotWaiting.isEmpty()) {
            return;
        }
        List<Long> queries = new ArrayList<>(ks.snapshotWaiting);
        ks.snapshotWaiting.clear();
        queries.forEach(this::tryAnswer);
    }

    private void tryAnswer(long queryId) {
        Waiting w = waiting.get(queryId);
        if (w == null) {
            return;
        }
        SnapshotRead read = w.read();
        List<KeyState> states = new ArrayList<>(read.keys().size() + read.partitions().size());
        read.keys().forEach(rk -> states.add(server.keyState(rk.chainKey())));
        read.partitions().forEach(p -> states.add(server.keyState(p)));
        boolean ready = true;
        for (KeyState ks : states) {
            if (!ks.loaded()) {
                server.ensureLoaded(ks);
                if (!ks.snapshotWaiting.contains(queryId)) {
                    ks.snapshotWaiting.add(queryId);
                }
                ready = false;
            }
        }
        if (!ready) {
            return;
        }
        waiting.remove(queryId);
        Version at = read.at();
        if (at == null) {
            at = Version.MAX;
            for (KeyState ks : states) {
                at = Version.min(at, stableVersion(ks));
            }
        }
        SnapshotRows rows = readAt(read, states, at);
        if (rows == null) {
            // Too old to answer: the coordinator retries with a newer snapshot.
            server.outbox.send(w.from(), new SnapshotReply(queryId, server.serverIndex, null, List.of()));
            return;
        }
        server.stats.snapshotReads++;
        server.outbox.send(w.from(), new SnapshotReply(queryId, server.serverIndex, at, rows.flatten()));
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
                server.meter.keyAccess(32 + (row == null ? 0 : row.sizeBytes()));
            } else {
                SortedMap<String, Row> rows = ks.committed.snapshot(at);
                partitions.put(ks.key, rows);
                server.meter.keyAccess(32 + rows.values().stream().mapToInt(Row::sizeBytes).sum());
            }
        }
        return new SnapshotRows(keyReads, partitions);
    }

    /** The newest version at which the key has no unfinished writer here. */
    Version stableVersion(KeyState ks) {
        Version limit = Version.endOf(server.footprintsThrough);
        for (int i = 0; i < ks.epochs.size(); i++) {
            for (FootprintEntry e : ks.epochs.at(i).entries) {
                if (!e.access.writes() || e.finalized()) {
                    continue;
                }
                Version v = server.versions.get(e.txn);
                limit = Version.min(limit, v != null ? v.predecessor() : Version.beforeEpoch(e.epoch()));
            }
        }
        return limit;
    }

    /** For tests: the stable version of a chain key. */
    Version stableVersion(ChainKey key) {
        return stableVersion(server.keyState(key));
    }
}
