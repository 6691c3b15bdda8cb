package io.catena.storage.hbase;

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
import io.catena.core.spi.StoreFencedException;
import io.catena.storage.memory.LogRecordFormat;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * One region's versioned store and replicated log in Apache HBase, through the HBase 2.6
 * asynchronous client; the layout is described in {@link HBaseLayout} and the module's README.
 *
 * <p><b>Data.</b> A chain key is one HBase row: clustering keys are qualifiers, versions are cell
 * timestamps ({@link VersionStamp}), so one {@code apply} is one row mutation, which HBase applies
 * atomically and isolates from readers; a read at a version is a time-range get of the newest cell
 * per qualifier. How apply stays one round trip and idempotent, and how garbage collection stays
 * cheap, is in {@link PartitionStore}; the log's rules are in {@link ReplicatedLogTable}.
 *
 * <p><b>Leader terms.</b> {@link #claimTerm} raises the region's term in its own log row, then in
 * every row of the {@linkplain StorageEngine#LEADER_TABLES leader tables}; a view
 * {@linkplain #fencedBy fenced by} a term ({@link FencedHBaseStore}) makes its appends of the
 * region's own records and its writes of leader rows conditional on that term in the row written
 * ({@link ReplicatedLogTable}, {@link LeaderRows}), so HBase refuses a deposed leader's write under
 * the same row lock that a claim takes. Its other writes are the engine's own.
 *
 * <p><b>Ordering and threading.</b> Operations on one chain key take effect in call order: each
 * waits for the key's previous one ({@link KeySequencer}), and so do log operations of one origin
 * region. {@link #listKeys} and {@link #readLog} are not ordered after pending writes. Every method
 * returns at once; results complete on HBase client threads, so dependents must not block.
 * Failures, including invalid arguments, are reported through the stage; after {@link #close()}
 * every call fails with {@code IllegalStateException("storage engine is closed")}.
 *
 * <p><b>Ownership.</b> The engine owns its connection and closes it in {@link #close()}. It keeps
 * a bounded memory of recently used keys' versions ({@link KeyStates}); other engines may write
 * the same namespace (conditional writes keep the data right), but a horizon or truncation another
 * engine persisted is seen here only after the key is forgotten or the engine reopens.
 */
public final class HBaseStorageEngine implements StorageEngine {

    private static final String CLOSED = "storage engine is closed";
    private static final int REMEMBERED_KEYS = 200_000;

    /**
     * Log records of one origin written together at most. One write per origin is in flight, so
     * this bounds how fast a region catches up after its store was down: every other region's
     * records of the outage wait, three hundred a second with three regions.
     */
    static final int LOG_BATCH_RECORDS = 256;
    /** Bytes of log records written together at most, far below the cell and request size limits of HBase. */
    static final long LOG_BATCH_BYTES = 1 << 20;

    private final AsyncConnection connection;
    private final PartitionStore partitions;
    private final ReplicatedLogTable log;
    private final LeaderRows leaderRows;
    private final RegionLocality locality;
    private final KeySequencer<ChainKey> keyTurns = new KeySequencer<>();
    private final KeySequencer<RegionId> originTurns = new KeySequencer<>();
    private final GroupedLogAppends logAppends;
    private volatile boolean closed;

    private HBaseStorageEngine(AsyncConnection connection, HBaseSettings settings, PartitionStore partitions,
                               ReplicatedLogTable log) {
        this.connection = connection;
        this.partitions = partitions;
        this.log = log;
        this.leaderRows = new LeaderRows(connection.getTable(HBaseLayout.data(settings.namespace())), log);
        this.locality = new RegionLocality(connection, settings);
        this.logAppends = groupedAppends(log::append);
    }

    /**
     * Connects, installs the layout in a fresh namespace or checks an existing one, and reads the
     * log's truncation marks. Blocks until done.
     *
     * @throws HBaseSchemaException if HBase cannot be reached, the namespace holds something
     *         else than this layout version of this cluster's region, or this JVM cannot run the
     *         HBase client
     */
    public static HBaseStorageEngine open(HBaseSettings settings) {
        ClientJvm.requireSupported();
        long timeoutMillis = settings.operationTimeout().toMillis();
        Configuration conf = HBaseConfiguration.create();
        conf.set("hbase.zookeeper.quorum", settings.zookeeperQuorum());
        conf.setLong("hbase.client.operation.timeout", timeoutMillis);
        conf.setLong("hbase.client.meta.operation.timeout", timeoutMillis);
        conf.setLong("hbase.rpc.timeout", Math.min(timeoutMillis, 10_000));
        CompletableFuture<AsyncConnection> connecting = ConnectionFactory.createAsyncConnection(conf);
        AsyncConnection connection = OpenSteps.await(connecting, settings, "connect");
        try {
            new HBaseSchema(connection, settings).installOrCheck();
            String ns = settings.namespace();
            PartitionStore partitions = new PartitionStore(connection.getTable(HBaseLayout.data(ns)),
                    new KeyStates(REMEMBERED_KEYS));
            ReplicatedLogTable log = OpenSteps.await(ReplicatedLogTable.open(connection.getTable(HBaseLayout.log(ns)),
                    connection.getTable(HBaseLayout.meta(ns))), settings, "read the log's truncation marks");
            return new HBaseStorageEngine(connection, settings, partitions, log);
        } catch (RuntimeException e) {
            OpenSteps.closeQuietly(connection);
            throw e;
        }
    }

    @Override
    public CompletionStage<PartitionImage> loadPartition(ChainKey key) {
        return onKey(key, () -> partitions.load(key));
    }

    @Override
    public CompletionStage<SortedMap<String, Row>> readPartition(ChainKey key, Version atOrBelow) {
        if (atOrBelow == null) {
            return invalid("a version to read at");
        }
        return onKey(key, () -> partitions.read(key, atOrBelow));
    }

    @Override
    public CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes) {
        return apply(key, version, writes, RowGuard.NONE);
    }

    CompletionStage<Void> apply(ChainKey key, Version version, List<RowWrite> writes, RowGuard guard) {
        if (version == null) {
            return invalid("a version");
        }
        if (writes == null || writes.stream().anyMatch(w -> w == null)) {
            return invalid("a list of non-null writes");
        }
        List<RowWrite> copy = List.copyOf(writes);
        return onKey(key, () -> partitions.apply(key, version, copy, guard));
    }

    @Override
    public CompletionStage<Void> collectGarbage(ChainKey key, Version horizon) {
        return collectGarbage(key, horizon, RowGuard.NONE);
    }

    CompletionStage<Void> collectGarbage(ChainKey key, Version horizon, RowGuard guard) {
        if (horizon == null) {
            return invalid("a horizon");
        }
        return onKey(key, () -> partitions.collectGarbage(key, horizon, guard));
    }

    @Override
    public CompletionStage<Void> dropPartition(ChainKey key) {
        return dropPartition(key, RowGuard.NONE);
    }

    CompletionStage<Void> dropPartition(ChainKey key, RowGuard guard) {
        return onKey(key, () -> partitions.drop(key, guard));
    }

    @Override
    public CompletionStage<List<ChainKey>> listKeys(String table) {
        if (table == null) {
            return invalid("a table name");
        }
        return unordered(() -> partitions.listKeys(table));
    }

    @Override
    public CompletionStage<Void> appendLog(RLogRecord record) {
        return appendLog(record, logAppends);
    }

    /** Appends {@code record} in a write of {@code appends}, the engine's or a fenced view's. */
    CompletionStage<Void> appendLog(RLogRecord record, GroupedLogAppends appends) {
        if (record == null) {
            return invalid("a log record");
        }
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException(CLOSED));
        }
        return appends.append(record, LogRecordFormat.encode(record));
    }

    /** Group commit of log appends whose writes {@code writer} makes, each in its origin's turn. */
    private GroupedLogAppends groupedAppends(GroupedLogAppends.Writer writer) {
        return new GroupedLogAppends((origin, records) -> onOrigin(origin,
                () -> writer.write(origin, records).toCompletableFuture()), LOG_BATCH_RECORDS, LOG_BATCH_BYTES);
    }

    @Override
    public CompletionStage<List<RLogRecord>> readLog() {
        return unordered(log::read);
    }

    @Override
    public CompletionStage<Void> truncateLog(RegionId origin, long throughEpoch) {
        if (origin == null) {
            return invalid("an origin region");
        }
        return onOrigin(origin, () -> log.truncate(origin, throughEpoch));
    }

    /**
     * Raises {@code region}'s leader term to {@code term} in its own log row, then in every leader
     * row (the order {@link LeaderRows} relies on); ordered after this engine's earlier appends of
     * the region's own records. Fails with {@link StoreFencedException} if a higher term holds either.
     */
    @Override
    public CompletionStage<Void> claimTerm(RegionId region, long term) {
        if (region == null) {
            return invalid("a region");
        }
        if (term < 0) {
            return CompletableFuture.failedFuture(new IllegalArgumentException("a leader term is never negative, got " + term));
        }
        return onOrigin(region, () -> log.claim(region, term).thenCompose(claimed -> leaderRows.claim(term)));
    }

    /** This engine as {@code region}'s leader of {@code term} writes it ({@link FencedHBaseStore}). */
    @Override
    public StorageEngine fencedBy(RegionId region, long term) {
        if (region == null || term < 0) {
            throw new IllegalArgumentException("a fenced view needs a region and a term of at least 0, got "
                    + region + " and " + term);
        }
        return new FencedHBaseStore(this, region, term,
                groupedAppends((origin, records) -> log.appendFenced(origin, records, term)));
    }

    /** The guard of writes to {@code key} made by {@code region}'s leader of {@code term}. */
    RowGuard guardOf(ChainKey key, RegionId region, long term) {
        return key != null && LEADER_TABLES.contains(key.table()) ? leaderRows.guard(region, term) : RowGuard.NONE;
    }

    /** The data table's HBase regions and their region servers, read from {@code hbase:meta} at each layout call. */
    @Override
    public Optional<StorageLocality> locality() {
        return Optional.of(locality);
    }

    /** Makes every later call fail and closes the connection. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        OpenSteps.closeQuietly(connection);
    }

    private <T> CompletionStage<T> onKey(ChainKey key, Supplier<CompletableFuture<T>> operation) {
        if (key == null) {
            return invalid("a chain key");
        }
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException(CLOSED));
        }
        return keyTurns.submit(key, guarded(operation));
    }

    private <T> CompletionStage<T> onOrigin(RegionId origin, Supplier<CompletableFuture<T>> operation) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException(CLOSED));
        }
        return originTurns.submit(origin, guarded(operation));
    }

    private <T> CompletionStage<T> unordered(Supplier<CompletableFuture<T>> operation) {
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException(CLOSED));
        }
        return guarded(operation).get();
    }

    /** The operation, unless the engine was closed while it waited for its turn; never throws. */
    private <T> Supplier<CompletableFuture<T>> guarded(Supplier<CompletableFuture<T>> operation) {
        return () -> {
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException(CLOSED));
            }
            try {
                return operation.get();
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        };
    }

    private static <T> CompletionStage<T> invalid(String what) {
        return CompletableFuture.failedFuture(new IllegalArgumentException("the storage engine needs " + what + ", got null"));
    }
}
