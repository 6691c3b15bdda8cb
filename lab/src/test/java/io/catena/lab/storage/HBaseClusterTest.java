package io.catena.lab.storage;

import io.catena.server.config.StorageBackend;

/** The protocol end to end on HBase. */
class HBaseClusterTest extends RealStoreClusterTest {

    @Override
    StorageBackend backend() {
        return StorageBackend.HBASE;
    }
}
