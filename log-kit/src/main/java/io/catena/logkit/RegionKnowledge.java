package io.catena.logkit;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.kit.Replica;
import io.catena.rlog.ReplicatedLog;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a region knows, as its commit rule asks it: its log's timetable and its copy's applied
 * versions. A view over the node's own state, read on its thread.
 */
final class RegionKnowledge implements CommitRule.LogState {

    private final int self;
    private final List<Integer> peers;
    /** The log, which exists only once the node has read its stable records back. */
    private final Supplier<ReplicatedLog<?>> log;
    private final Replica replica;

    RegionKnowledge(int self, List<Integer> peers, Supplier<ReplicatedLog<?>> log, Replica replica) {
        this.self = self;
        this.peers = List.copyOf(peers);
        this.log = log;
        this.replica = replica;
    }

    @Override
    public int self() {
        return self;
    }

    @Override
    public List<Integer> peers() {
        return peers;
    }

    @Override
    public long known(int origin) {
        return log.get().known(origin);
    }

    @Override
    public long knownBy(int region, int origin) {
        return log.get().knownBy(region, origin);
    }

    @Override
    public Version applied(ChainKey key) {
        return replica.applied(key);
    }
}
