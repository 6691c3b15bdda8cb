package io.catena.storage.cassandra;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.GroupedLogAppends;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreView;
import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A region's store on Cassandra as its coordinator of one leader term writes it
 * ({@link CassandraStorageEngine#fencedBy}): appends of the region's own log records and writes of
 * leader-table partitions ({@link StorageEngine#LEADER_TABLES}) are conditional on the term
 * ({@link TermClaims}, one Paxos round each); every other call goes to the engine as is, which
 * the SPI allows since those writes are functions of the log. The view has its own group commit
 * for the region's records, ordered with the engine's appends of that origin. Closing the view
 * leaves the engine open: the host that opened the engine closes it.
 */
final class FencedCassandraStore extends StoreView {

    private final CassandraStorageEngine engine;
    private final LeaderTerm term;
    private final GroupedLogAppends ownAppends;

    FencedCassandraStore(CassandraStorageEngine engine, LeaderTerm term) {
        super(engine);
        this.engine = engine;
        this.term = term;
        this.ownAppends = engine.heldAppends(term);
    }

    @Override
    public CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return engine.apply(key, version, writes, leaderTermOf(key));
    }

    @Override
    public CompletionStage<Void> collectGarbage(ChainKey key, Version horizon) {
        return engine.collectGarbage(key, horizon, leaderTermOf(key));
    }

    @Override
    public CompletionStage<Void> dropPartition(ChainKey key) {
        return engine.dropPartition(key, leaderTermOf(key));
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        boolean own = record != null && record.origin().equals(term.region());
        return own ? engine.appendLog(record, ownAppends) : engine.appendLog(record);
    }

    /** The term to fence a write of {@code key} by: this view's for a leader partition, none for any other. */
    private LeaderTerm leaderTermOf(ChainKey key) {
        return key != null && LEADER_TABLES.contains(key.table()) ? term : null;
    }
}
