package io.catena.server.cluster;

import io.catena.core.id.RegionId;
import io.catena.core.spi.StorageEngine;
import io.catena.storage.memory.MemoryStorageEngine;

/**
 * Opens the store of each region of an {@link InProcessCluster}: the embedded store by default, or
 * a Cassandra keyspace or HBase namespace per region. The cluster closes what it opened; servers
 * behind the stores belong to whoever started them.
 */
@FunctionalInterface
public interface RegionStores {

    /** A fresh or recovered store for one region; failures are thrown with a sentence saying why. */
    StorageEngine open(RegionId region, String regionName);

    /** An empty embedded store per region, in memory only. */
    static RegionStores memory() {
        return (region, name) -> new MemoryStorageEngine();
    }
}
