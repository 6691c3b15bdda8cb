package io.catena.storage.cassandra;

import io.catena.core.spi.StorageEngine;
import io.catena.storage.conformance.StorageEngineConformanceTest;
import org.junit.jupiter.api.extension.ExtendWith;

/** The storage SPI's contract, against a real Cassandra: each test gets a keyspace of its own. */
@ExtendWith(TestCassandra.class)
class CassandraStorageEngineConformanceTest extends StorageEngineConformanceTest {

    @Override
    protected StorageEngine newEngine() {
        return CassandraStorageEngine.open(TestCassandra.freshSettings());
    }
}
