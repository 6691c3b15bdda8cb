package io.catena.server.storage;

import io.catena.server.config.StorageBackend;
import org.junit.jupiter.api.Test;

/** The protocol end to end on Cassandra. */
class CassandraClusterTest extends RealStoreClusterTest {

    @Override
    StorageBackend backend() {
        return StorageBackend.CASSANDRA;
    }

    @Test
    void inMajorityModeTheOthersGoOnWhileOneRegionsStoreIsDownAndAllSettleOnceItIsBack() throws Exception {
        inMajorityModeTheOtherRegionsGoOnWhileOneRegionsStoreIsDownAndItRefusesNewRequestsAsNotRun();
    }
}
