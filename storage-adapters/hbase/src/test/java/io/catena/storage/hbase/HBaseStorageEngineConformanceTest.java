package io.catena.storage.hbase;

import io.catena.core.spi.StorageEngine;
import io.catena.storage.conformance.StorageEngineConformanceTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The storage SPI's conformance suite against a real standalone HBase, a fresh namespace per test. */
class HBaseStorageEngineConformanceTest extends StorageEngineConformanceTest {

    @RegisterExtension
    static final SharedHBase HBASE = new SharedHBase();

    @Override
    protected StorageEngine newEngine() {
        return HBaseStorageEngine.open(HBASE.freshSettings("conformance"));
    }
}
