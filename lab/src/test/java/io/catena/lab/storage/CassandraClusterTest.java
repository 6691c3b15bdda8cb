package io.catena.lab.storage;

import io.catena.server.config.StorageBackend;

/** The protocol end to end on Cassandra. */
class CassandraClusterTest extends RealStoreClusterTest {

    @Override
    StorageBackend backend() {
        return StorageBackend.CASSANDRA;
    }
}
