package io.catena.server.storage;

import io.catena.core.spi.StorageEngine;
import io.catena.server.config.HBaseStoreSettings;
import io.catena.server.config.StorageSettings;
import io.catena.storage.hbase.HBaseSettings;
import io.catena.storage.hbase.HBaseStorageEngine;
import io.catena.storage.memory.MemoryStorageEngine;
import java.io.IOException;
import java.time.Duration;

/**
 * Opens a region's store as its configuration says: the embedded store (with its journal, if
 * any), the region's keyspace in its Cassandra cluster or its namespace in its HBase cluster. The
 * adapters install their schema into an empty keyspace or namespace and check it otherwise, so a
 * store of another cluster, region or layout is refused here, before any node starts.
 */
public final class StoreOpener {

    private StoreOpener() {
    }

    /**
     * @param cluster the Catena cluster name, recorded in (and checked against) the store
     * @param region  the region's name, likewise
     * @throws StoreOpenException with one sentence saying what is wrong and what to do
     */
    public static StorageEngine open(StorageSettings settings, String cluster, String region) {
        return switch (settings.backend()) {
            case MEMORY -> memory(settings);
            case CASSANDRA -> throw new StoreOpenException("the Cassandra adapter is not built into this catena");
            case HBASE -> hbase(settings.hbase().orElseThrow(() -> new StoreOpenException(
                    "storage.backend is hbase but storage.hbase is missing")), cluster, region);
        };
    }

    /** The settings the HBase adapter takes for one region. */
    public static HBaseSettings hbaseSettings(HBaseStoreSettings s, String cluster, String region) {
        return new HBaseSettings(s.quorum(), s.namespaceFor(region), cluster, region,
                Duration.ofNanos(s.operationTimeout().micros() * 1_000));
    }

    private static StorageEngine memory(StorageSettings settings) {
        if (settings.journal().isEmpty()) {
            return new MemoryStorageEngine();
        }
        try {
            return new MemoryStorageEngine(settings.journal().get());
        } catch (IOException | RuntimeException e) {
            throw new StoreOpenException("cannot open the journal at " + settings.journal().get() + ": "
                    + e.getMessage(), e);
        }
    }

    private static StorageEngine hbase(HBaseStoreSettings s, String cluster, String region) {
        try {
            return HBaseStorageEngine.open(hbaseSettings(s, cluster, region));
        } catch (RuntimeException e) {
            throw new StoreOpenException("cannot open HBase namespace " + s.namespaceFor(region) + " at "
                    + s.quorum() + ": " + e.getMessage(), e);
        }
    }
}
