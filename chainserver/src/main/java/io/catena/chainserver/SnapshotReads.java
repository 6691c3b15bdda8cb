package io.catena.chainserver;

import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.message.SnapshotRead;
import io.catena.core.message.SnapshotReply;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Local reads for read-only transactions (Catenae §VI-F). A row is read at a version only when
 * every writer of its chain key decided at or below that version is finalized here; the newest
 * such version of a key is its stable version. A writer that is scheduled but not yet decided
 * may still land anywhere in its epoch, so it holds the stable version below its epoch: this is
 * the decision period of the paper, known from the moment the epoch is scheduled.
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
        List<KeyState> states = new ArrayList<>();
        boolean ready = true;
        for (RowKey rk : w.read().keys()) {
            KeyState ks = server.keyState(rk.chainKey());
            states.add(ks);
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
        Version at = w.read().at();
        if (at == null) {
            at = Version.MAX;
            for (KeyState ks : states) {
                at = Version.min(at, stableVersion(ks));
            }
        }
        List<ReadResult> rows = new ArrayList<>();
        for (int i = 0; i < states.size(); i++) {
            KeyState ks = states.get(i);
            if (at.isBefore(ks.committed.horizon())) {
                // Too old to answer: the coordinator retries with a newer snapshot.
                server.outbox.send(w.from(), new SnapshotReply(queryId, server.serverIndex, null, List.of()));
                return;
            }
            RowKey rk = w.read().keys().get(i);
            rows.add(new ReadResult(rk, ks.committed.read(rk.clustering(), at)));
            server.meter.keyAccess(32 + (rows.get(i).row() == null ? 0 : rows.get(i).row().sizeBytes()));
        }
        server.stats.snapshotReads++;
        server.outbox.send(w.from(), new SnapshotReply(queryId, server.serverIndex, at, rows));
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
