package io.catena.client;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.txn.TxnSpec;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** What the builders ({@link OperationList}, {@link Transaction}, {@link PreparedCall}, {@link Snapshot}) run their requests through. */
interface Requests {

    /** Runs a read-write transaction; fails with a {@link CatenaException} unless it commits. */
    CompletableFuture<TxnOutcome> run(TxnSpec spec);

    /**
     * Reads rows and whole partitions from one snapshot at or after {@code atLeast} (and the
     * connection's own floor).
     */
    CompletableFuture<SnapshotResult> read(List<RowKey> keys, List<ChainKey> partitions, Version atLeast);
}
