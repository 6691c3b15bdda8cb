package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.DriverException;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.GroupedLogAppends;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StorageLocality;
import io.catena.storage.memory.LogRecordFormat;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One region's store on Apache Cassandra, through the Java driver 4.x: prepared statements only,
 * every request asynchronous.
 *
 * <p><b>Layout</b> (keyspace per region, layout version {@value CassandraLayout#VERSION}; see the
 * module README for CQL an operator can run):
 * <ul>
 *   <li>{@code data ((tbl, part), clustering, version_epoch, version_rank)}: one partition per chain
 *       key, one CQL row per row version, newest first; {@code row} is the row as {@code RowJson}
 *       text, null for a deletion. Static columns hold the key's latest version and GC horizon, so
 *       one unlogged single-partition batch applies a commit and moves the latest version
 *       atomically and in isolation, and the leader term of a leader table's partition.</li>
 *   <li>{@code keys ((tbl), part)}: the chain keys of each table, written when a key is new.</li>
 *   <li>{@code rlog ((origin), epoch)}: log records in {@code LogRecordFormat}, and a static
 *       {@code truncated_through} and leader {@code term}.</li>
 *   <li>{@code meta}: the layout version, Catena cluster name and region name, checked at open.</li>
 * </ul>
 *
 * <p><b>Round trips.</b> Each key's latest version and horizon are cached ({@link KeyStates}), so
 * an apply is one batch (plus one listing write for a new key) and a read at or above the latest
 * version fetches only each row's newest version. A cache miss costs one read of the static columns.
 *
 * <p><b>Garbage collection.</b> A move of a key's horizon costs no round trip: the engine keeps
 * the new horizon in force in memory (a read below it fails) and stores it with the key's next
 * apply, in the same batch. Every {@value #SWEEP_EVERY}th move per key the engine reads the
 * partition and deletes the superseded versions, storing the horizon in the same batch; deleting
 * needs that read to know which versions are superseded, and the chain servers move each written
 * key's horizon about once a second. A horizon not stored yet when the engine stops is simply
 * forgotten: nothing below it was deleted, so reads below it still answer correctly, and versions
 * left behind are never read by anyone at or above the horizon.
 *
 * <p><b>Threading and ordering.</b> Calls return at once and complete on driver threads; nothing
 * blocks a driver thread. Calls on one chain key (and log calls of one origin) run one after another
 * in call order ({@link CallOrder}); a read waits for the writes called before it but does not hold
 * up later ones, and {@link #listKeys} and {@link #readLog} wait for the writes before them. Failures, including invalid arguments, go through the stage. After {@link #close()} every
 * call fails with {@code IllegalStateException("storage engine is closed")}.
 *
 * <p><b>Leader terms.</b> {@link #claimTerm} and {@link #fencedBy} fence a deposed coordinator
 * that still runs with an engine of its own: its own log appends and leader-table writes are
 * conditional on its term in the same Paxos round ({@link TermClaims}, {@link FencedCassandraStore}).
 *
 * <p><b>Ownership.</b> The engine owns its driver session and closes it. It assumes it is the only
 * writer of the keys it has cached (see {@link KeyStates}).
 */
public final class CassandraStorageEngine implements StorageEngine {

    /** Horizon moves per key between deletions of superseded versions. */
    static final int SWEEP_EVERY = 8;
    /** Log records of one origin written in one batch at most: a coordinator's whole append window. */
    static final int LOG_BATCH_RECORDS = 256;
    /**
     * Bytes of log records in one batch at most, far below Cassandra's mutation size limit (half a
     * commit-log segment); single-partition batches are exempt from its batch-size warnings.
     */
    static final long LOG_BATCH_BYTES = 1 << 20;
    /** Keys whose latest version and horizon are remembered: ~100 bytes each. */
    static final int KEY_STATE_CAPACITY = 200_000;

    private static final String CLOSED = "storage engine is closed";

    private final CqlSession session;
    private final CassandraSettings settings;
    private final DataTable data;
    private final LogTable log;
    private final TermClaims claims;
    private final RingLocality locality;
    private final KeyStates states = new KeyStates(KEY_STATE_CAPACITY);
    private final CallOrder<ChainKey> keyOrder = new CallOrder<>();
    private final CallOrder<RegionId> logOrder = new CallOrder<>();
    private final GroupedLogAppends logAppends;
    private volatile boolean closed;

    private CassandraStorageEngine(CqlSession session, CassandraSettings settings, PinnedCalls calls) {
        this.session = session;
        this.settings = settings;
        this.data = new DataTable(session, settings.keyspace());
        this.claims = new TermClaims(session, settings.keyspace());
        this.log = new LogTable(session, settings.keyspace(), claims);
        this.logAppends = new GroupedLogAppends((origin, records) -> onOrigin(origin, () -> log.append(origin, records)),
                LOG_BATCH_RECORDS, LOG_BATCH_BYTES);
        this.locality = RingLocality.of(session, calls);
    }

    /**
     * Connects, installs the region's keyspace or checks the one found, prepares every statement
     * and checks that Catena can place keys on the ring. Blocks.
     *
     * @throws CassandraSchemaException if Cassandra cannot be reached or the keyspace does not match
     *         (another layout version, cluster or region, a foreign keyspace, missing permissions)
     */
    public static CassandraStorageEngine open(CassandraSettings settings) {
        PinnedCalls calls = new PinnedCalls(settings.pinnedNodeName());
        CqlSession session = CassandraConnection.connect(settings, calls);
        try {
            CassandraSchema.installOrCheck(session, settings);
            return new CassandraStorageEngine(session, settings, calls);
        } catch (DriverException e) {
            session.close();
            throw new CassandraSchemaException("Keyspace " + settings.keyspace() + " does not have the tables layout "
                    + CassandraLayout.VERSION + " needs (" + e.getMessage() + "); point the region at a keyspace"
                    + " that Catena created, or drop this one.", e);
        } catch (RuntimeException e) {
            session.close();
            throw e;
        }
    }

    public CassandraSettings settings() {
        return settings;
    }

    @Override
    public CompletionStage<PartitionImage> loadPartition(ChainKey key) {
        // Ordered like a write: a chain server taking a key over loads it, and the load refreshes
        // what this engine remembers of the key (another engine may have written it meanwhile).
        return onKey(key, () -> data.read(key, false).thenApply(read -> {
            KeyState known = states.get(key);
            KeyState now = known == null ? KeyState.stored(read.latest(), read.horizon())
                    : known.refreshedBy(read.latest(), read.horizon());
            states.put(key, now);
            return read.history().image(key, now.horizon(), read.latest());
        }));
    }

    @Override
    public CompletionStage<SortedMap<String, Row>> readPartition(ChainKey key, Version atOrBelow) {
        if (atOrBelow == null) {
            return invalid("a version to read at");
        }
        return readOnKey(key, () -> {
            KeyState known = states.get(key);
            boolean newestOnly = known != null && !atOrBelow.isBefore(known.latest());
            return data.read(key, newestOnly).thenCompose(read -> {
                remember(key, read);
                if (newestOnly && read.latest().isAfter(atOrBelow)) {
                    // Another writer moved the key on since we cached it: read every version.
                    return data.read(key, false);
                }
                return CompletableFuture.completedFuture(read);
            }).thenApply(read -> {
                KeyState now = states.get(key);
                Version horizon = now == null ? read.horizon() : Version.max(read.horizon(), now.horizon());
                if (atOrBelow.isBefore(horizon)) {
                    throw new IllegalStateException("history of " + key + " before " + horizon
                            + " was collected; cannot read at " + atOrBelow);
                }
                return read.history().rowsAt(atOrBelow);
            });
        });
    }

    @Override
    public CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return apply(key, version, writes, null);
    }

    /** {@link #apply}, conditional on a leader term if {@code term} is not null (see {@link #written}). */
    CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes, LeaderTerm term) {
        if (version == null || writes == null || writes.stream().anyMatch(java.util.Objects::isNull)) {
            return invalid("a version and a list of non-null writes");
        }
        List<RowWrite> copy = List.copyOf(writes);
        return onKey(key, () -> state(key).thenCompose(state -> {
            if (!version.isAfter(state.latest())) {
                return written(key, term, data::unchanged);
            }
            CompletionStage<Void> listed = state.exists() ? CompletableFuture.completedFuture(null) : data.list(key);
            return listed.thenCompose(x -> written(key, term, held -> data.apply(key, version, copy, state.pendingHorizon(), held)))
                    .thenRun(() -> states.put(key, state.withLatest(version)));
        }));
    }

    @Override
    public CompletionStage<Void> collectGarbage(ChainKey key, Version horizon) {
        return collectGarbage(key, horizon, null);
    }

    /** {@link #collectGarbage}, conditional on a leader term if {@code term} is not null (see {@link #written}). */
    CompletionStage<Void> collectGarbage(ChainKey key, Version horizon, LeaderTerm term) {
        if (horizon == null) {
            return invalid("a horizon");
        }
        return onKey(key, () -> state(key).thenCompose(state -> {
            Version h = Version.min(horizon, state.latest());
            if (!h.isAfter(state.horizon())) {
                return written(key, term, data::unchanged);
            }
            if (state.horizonMovesSinceSweep() + 1 < SWEEP_EVERY) {
                return written(key, term, data::unchanged).thenRun(() -> states.put(key, state.withPendingHorizon(h)));
            }
            return data.read(key, false)
                    .thenCompose(read -> written(key, term, held -> data.collect(key, h, read.history().sweeps(h), held)))
                    .thenRun(() -> states.put(key, state.withSweptHorizon(h)));
        }));
    }

    @Override
    public CompletionStage<Void> dropPartition(ChainKey key) {
        return dropPartition(key, null);
    }

    /** {@link #dropPartition}, conditional on a leader term if {@code term} is not null (see {@link #written}). */
    CompletionStage<Void> dropPartition(ChainKey key, LeaderTerm term) {
        return onKey(key, () -> written(key, term, held -> data.drop(key, held)).thenRun(() -> states.put(key, KeyState.ABSENT)));
    }

    @Override
    public CompletionStage<List<ChainKey>> listKeys(String table) {
        if (table == null || table.isEmpty()) {
            return invalid("a table name");
        }
        return keyOrder.drained(k -> k.table().equals(table)).thenCompose(x -> data.keysOf(table));
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        return appendLog(record, logAppends);
    }

    /** Appends through {@code appends}: this engine's own group commit, or a fenced view's ({@link #heldAppends}). */
    CompletionStage<Void> appendLog(RLogRecord record, GroupedLogAppends appends) {
        if (record == null) {
            return invalid("a log record");
        }
        if (closed) {
            return closedStage();
        }
        return appends.append(record, LogRecordFormat.encode(record));
    }

    /** Group commit of a leader's own log records, each write conditional on its term ({@link LogTable#appendHeld}). */
    GroupedLogAppends heldAppends(LeaderTerm term) {
        return new GroupedLogAppends((origin, records) -> onOrigin(origin, () -> log.appendHeld(origin, records, term)),
                LOG_BATCH_RECORDS, LOG_BATCH_BYTES);
    }

    @Override
    public CompletionStage<List<RLogRecord>> readLog() {
        if (closed) {
            return closedStage();
        }
        return logOrder.drained(o -> true).thenCompose(x -> log.readAll());
    }

    @Override
    public CompletionStage<Void> truncateLog(RegionId origin, long throughEpoch) {
        if (origin == null) {
            return invalid("an origin region");
        }
        return onOrigin(origin, () -> log.truncate(origin, throughEpoch));
    }

    /**
     * Raises the leader term held by the region's own log partition and by every partition of the
     * leader tables, one compare-and-set each ({@link TermClaims}); refuses with
     * {@link io.catena.core.spi.StoreFencedException} if a higher term holds any of them.
     */
    @Override
    public CompletionStage<Void> claimTerm(RegionId region, long term) {
        if (region == null) {
            return invalid("a region");
        }
        if (closed) {
            return closedStage();
        }
        return claims.claim(new LeaderTerm(region, term));
    }

    /**
     * This store as the region's leader of {@code term} writes it ({@link FencedCassandraStore}):
     * its own log records and leader partitions conditional on the term, everything else as is.
     */
    @Override
    public StorageEngine fencedBy(RegionId region, long term) {
        if (region == null) {
            throw new IllegalArgumentException("the storage engine needs a region to fence by, got null");
        }
        return new FencedCassandraStore(this, new LeaderTerm(region, term));
    }

    /** The ring's layout, read from the driver's metadata at each call, and this store's locality counts. */
    @Override
    public Optional<StorageLocality> locality() {
        return Optional.of(locality);
    }

    /** Makes every later call fail and closes the driver session (waiting for it). Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        session.close();
    }

    private <T> CompletionStage<T> onKey(ChainKey key, Supplier<CompletionStage<T>> operation) {
        if (closed) {
            return closedStage();
        }
        if (key == null) {
            return invalid("a chain key");
        }
        return keyOrder.submit(key, () -> {
            if (closed) {
                return closedStage();
            }
            return operation.get().whenComplete((v, failure) -> {
                if (failure != null) {
                    // A write may or may not have landed; read the key's state afresh next time.
                    states.forget(key);
                }
            });
        });
    }

    /** A read of one key: after the writes called before it, beside later ones (see {@link CallOrder#after}). */
    private <T> CompletionStage<T> readOnKey(ChainKey key, Supplier<CompletionStage<T>> read) {
        if (closed) {
            return closedStage();
        }
        if (key == null) {
            return invalid("a chain key");
        }
        return keyOrder.after(key, () -> closed ? closedStage() : read.get());
    }

    private <T> CompletionStage<T> onOrigin(RegionId origin, Supplier<CompletionStage<T>> operation) {
        if (closed) {
            return closedStage();
        }
        return logOrder.submit(origin, () -> {
            if (closed) {
                return closedStage();
            }
            return operation.get().whenComplete((v, failure) -> {
                if (failure != null) {
                    log.forget(origin);
                }
            });
        });
    }

    /**
     * Makes a write of one chain key: as is without a leader term, else with the term's condition
     * on the key's partition in the same batch ({@link TermClaims#onLeaderPartition}). A fenced call
     * that has nothing to write still checks the term, so a deposed leader always learns it is.
     */
    private CompletionStage<Void> written(ChainKey key, LeaderTerm term,
                                          Function<BoundStatement, CompletionStage<AsyncResultSet>> write) {
        return term == null ? write.apply(null).thenApply(rs -> null) : claims.onLeaderPartition(key, term, write);
    }

    private CompletionStage<KeyState> state(ChainKey key) {
        KeyState known = states.get(key);
        if (known != null) {
            return CompletableFuture.completedFuture(known);
        }
        return data.readState(key).thenApply(state -> {
            states.put(key, state);
            return state;
        });
    }

    /** Remembers a read's static columns for a key not remembered yet (see {@link KeyStates#putIfAbsent}). */
    private void remember(ChainKey key, DataTable.PartitionRead read) {
        states.putIfAbsent(key, KeyState.stored(read.latest(), read.horizon()));
    }

    private static <T> CompletionStage<T> closedStage() {
        return CompletableFuture.failedFuture(new IllegalStateException(CLOSED));
    }

    private <T> CompletionStage<T> invalid(String what) {
        if (closed) {
            return closedStage();
        }
        return CompletableFuture.failedFuture(
                new IllegalArgumentException("the storage engine needs " + what + ", got null"));
    }
}
