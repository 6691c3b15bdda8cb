package io.catena.client;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.txn.TxnPlanner;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * A read-only transaction: rows, and whole partitions, read from one consistent snapshot of the
 * region the connection uses, without a round trip to other regions. Every row is read at the same
 * version, a prefix of the one serialization order, so the rows are consistent with each other
 * (serializable, but not necessarily including a commit that finished in another region a moment
 * ago).
 *
 * <p><b>Whole partitions.</b> {@link #readPartition} reads every row of a chain key (all orders of a
 * district, say) at the snapshot, next to any rows read by key. The answer must fit in a frame every
 * region accepts (the cluster's {@code maxEpochMessageBytes}, 8 MiB by default, and never less than
 * 64 KiB, against an upper bound of its encoding, which counts tiny rows up to four times their
 * size); a larger one is refused with {@link InvalidTransactionException} naming both sizes.
 *
 * <p><b>Read-your-writes.</b> The snapshot is never older than the connection's
 * {@link Connection#lastVersion()}: the newest commit of this connection and the newest snapshot it
 * read. So a connection always sees its own commits and never goes back in time. To see another
 * connection's commit, pass its version to {@link #atLeast}. A read whose floor the region has not
 * reached yet waits for it, up to the URL's {@code timeout}.
 *
 * <pre>{@code
 * SnapshotResult s = connection.snapshot().read(alice).read(bob).execute();
 * long total = s.row(alice).map(r -> r.getLong("balance")).orElse(0L)
 *            + s.row(bob).map(r -> r.getLong("balance")).orElse(0L);
 *
 * ChainKey district = ChainKey.of("orders", "w1-d7");
 * SnapshotResult orders = connection.snapshot().read(RowKey.of("districts", "w1-d7"))
 *         .readPartition(district).execute();
 * orders.partition(district).forEach((orderId, order) -> ...);
 * }</pre>
 *
 * <p>Not thread-safe: build it on one thread. It can be executed more than once, each time
 * reading a fresh snapshot.
 */
public final class Snapshot {

    private final Requests requests;
    private final List<RowKey> keys = new ArrayList<>();
    private final Set<ChainKey> partitions = new LinkedHashSet<>();
    private Version atLeast = Version.ZERO;

    Snapshot(Requests requests) {
        this.requests = requests;
    }

    /**
     * Adds a row to read.
     *
     * @param key the row
     * @return this snapshot read
     */
    public Snapshot read(RowKey key) {
        if (key == null) {
            throw InvalidTransactionException.invalid("a row key of the snapshot read is null");
        }
        requireUserTable(key.chainKey());
        keys.add(key);
        return this;
    }

    /**
     * Adds rows to read.
     *
     * @param rows the rows
     * @return this snapshot read
     */
    public Snapshot read(Collection<RowKey> rows) {
        if (rows == null) {
            throw InvalidTransactionException.invalid("the collection of row keys is null");
        }
        rows.forEach(this::read);
        return this;
    }

    /**
     * Adds a whole partition to read: every row of the chain key at the snapshot, in clustering-key
     * order ({@link SnapshotResult#partition}). A partition added twice is read once.
     *
     * @param partition the partition's chain key
     * @return this snapshot read
     */
    public Snapshot readPartition(ChainKey partition) {
        if (partition == null) {
            throw InvalidTransactionException.invalid("a partition of the snapshot read is null");
        }
        requireUserTable(partition);
        partitions.add(partition);
        return this;
    }

    /**
     * Adds whole partitions to read.
     *
     * @param partitions the partitions' chain keys
     * @return this snapshot read
     */
    public Snapshot readPartition(Collection<ChainKey> partitions) {
        if (partitions == null) {
            throw InvalidTransactionException.invalid("the collection of partitions is null");
        }
        partitions.forEach(this::readPartition);
        return this;
    }

    /**
     * Reads a snapshot that includes {@code version}, e.g. another connection's commit.
     *
     * @param version the oldest acceptable snapshot version
     * @return this snapshot read
     */
    public Snapshot atLeast(Version version) {
        if (version == null) {
            throw InvalidTransactionException.invalid("the version of atLeast() is null");
        }
        atLeast = Version.max(atLeast, version);
        return this;
    }

    /**
     * Reads and waits, at most the URL's {@code timeout}.
     *
     * @return the rows, all as of one version
     * @throws InvalidTransactionException if no row or partition was named, or the answer would
     *                                     exceed a frame
     * @throws UnavailableException        if no snapshot could be read in time
     * @throws ConnectionClosedException   if the connection is closed
     */
    public SnapshotResult execute() {
        return Await.result(executeAsync());
    }

    /**
     * Reads without waiting; the future fails with the exceptions {@link #execute()} throws, not
     * wrapped. A read of no rows or partitions throws at once.
     *
     * @return the rows, when read
     */
    public CompletableFuture<SnapshotResult> executeAsync() {
        if (keys.isEmpty() && partitions.isEmpty()) {
            throw InvalidTransactionException.invalid("the snapshot read names no row or partition");
        }
        return requests.read(List.copyOf(keys), List.copyOf(partitions), atLeast);
    }

    private static void requireUserTable(ChainKey key) {
        if (key.table().startsWith(TxnPlanner.RESERVED_TABLE_PREFIX)) {
            throw InvalidTransactionException.invalid("table " + key.table() + " is reserved for Catena's own use");
        }
    }
}
