package io.catena.lab.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.spi.StorageEngine;
import io.catena.server.cluster.RegionStores;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.workload.Workload;
import io.catena.storage.memory.MemoryStorageEngine;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The floor writes every key first, then only what the workload's transactions write, in every region. */
class StoreFloorTest {

    private static final List<String> REGIONS = List.of("a", "b", "c");

    @Test
    void everyKeyIsWrittenInEveryRegionAndTransactionsCountTheirAppliesPerRegion() throws Exception {
        Map<Integer, StorageEngine> engines = new ConcurrentHashMap<>();
        RegionStores stores = (region, name) -> keptOpen(engines.computeIfAbsent(region.index(),
                i -> new MemoryStorageEngine()));
        Workload workload = WorkloadSpec.parse("kv:records=200,min=1,max=3").create(1);

        StoreFloor.Result result = StoreFloor.measure(stores, REGIONS, workload, 1, Duration.ofMillis(100),
                Duration.ofMillis(500), () -> Duration.ZERO);

        assertThat(result.failures()).isZero();
        assertThat(result.transactions()).isPositive();
        // One to three written keys a transaction, each applied in all three regions.
        double appliesPerTxn = (double) result.applies() / result.transactions();
        assertThat(appliesPerTxn).isBetween(3.0, 9.0);
        assertThat(engines).hasSize(3);
        for (StorageEngine engine : engines.values()) {
            List<ChainKey> keys = engine.listKeys("kv").toCompletableFuture().get(5, TimeUnit.SECONDS);
            assertThat(keys).containsExactlyInAnyOrderElementsOf(workload.initialData().keySet());
            for (ChainKey key : keys.subList(0, 5)) {
                assertThat(engine.readPartition(key, Version.MAX).toCompletableFuture().get(5, TimeUnit.SECONDS))
                        .isNotEmpty();
            }
        }
        assertThat(result.facts(result.perSecond() / 2)).extracting(f -> f.name() + ": " + f.value())
                .anySatisfy(f -> assertThat(f).startsWith("store floor: ").contains("applies a transaction"))
                .contains("catena / floor: 50 %");
    }

    /** The engine, but closing it does nothing: the test reads the stores after the floor closed them. */
    private static StorageEngine keptOpen(StorageEngine engine) {
        return (StorageEngine) Proxy.newProxyInstance(StorageEngine.class.getClassLoader(),
                new Class<?>[] {StorageEngine.class}, (proxy, method, args) -> {
                    if (method.getName().equals("close")) {
                        return null;
                    }
                    try {
                        return method.invoke(engine, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
