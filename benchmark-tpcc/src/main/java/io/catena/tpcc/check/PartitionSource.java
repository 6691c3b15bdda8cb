package io.catena.tpcc.check;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.spi.StorageEngine;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Where the consistency check reads a region's TPC-C tables: its store, read directly when the
 * cluster runs in this process, or the region itself through the client library's snapshot reads
 * when it runs elsewhere. Either way a partition is read whole, at the newest version it has.
 */
public interface PartitionSource {

    /** Every row of {@code key}'s partition, by clustering key; empty if it has none. */
    CompletionStage<SortedMap<String, Row>> read(ChainKey key);

    /**
     * The keys of {@code table}'s partitions, if this source can list them. A store can; a region
     * seen through the client library cannot, and the check then proves the layout by reading.
     */
    Optional<CompletionStage<List<ChainKey>>> keys(String table);

    /** A region's store, read at its latest version. */
    static PartitionSource of(StorageEngine store) {
        return new PartitionSource() {
            @Override
            public CompletionStage<SortedMap<String, Row>> read(ChainKey key) {
                return store.readPartition(key, Version.MAX);
            }

            @Override
            public Optional<CompletionStage<List<ChainKey>>> keys(String table) {
                try {
                    return Optional.of(store.listKeys(table));
                } catch (RuntimeException e) {
                    // An adapter that throws instead of failing its stage is reported the same way.
                    return Optional.of(CompletableFuture.failedFuture(e));
                }
            }
        };
    }
}
