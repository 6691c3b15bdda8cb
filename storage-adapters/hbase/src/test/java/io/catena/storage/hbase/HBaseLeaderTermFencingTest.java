package io.catena.storage.hbase;

import io.catena.core.spi.StorageEngine;
import io.catena.storage.conformance.LeaderTermFencingConformanceTest;
import java.util.IdentityHashMap;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The fencing contract against a real standalone HBase: the old leader and its successor each
 * open their own {@link HBaseStorageEngine}, with its own connection, on one fresh namespace.
 */
class HBaseLeaderTermFencingTest extends LeaderTermFencingConformanceTest {

    @RegisterExtension
    static final SharedHBase HBASE = new SharedHBase();

    private final Map<StorageEngine, HBaseSettings> namespaces = new IdentityHashMap<>();

    @Override
    protected StorageEngine openStore() {
        HBaseSettings settings = HBASE.freshSettings("fencing");
        StorageEngine engine = HBaseStorageEngine.open(settings);
        namespaces.put(engine, settings);
        return engine;
    }

    @Override
    protected StorageEngine openAgain(StorageEngine first) {
        return HBaseStorageEngine.open(namespaces.get(first));
    }
}
