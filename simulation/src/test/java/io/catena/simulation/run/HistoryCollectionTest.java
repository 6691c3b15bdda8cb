package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Version;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.cluster.SimCluster;
import io.catena.simulation.cluster.SimConfig;
import io.catena.simulation.cluster.SimRegion;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.simulation.engine.Trace;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Partition history is collected once every region has applied past it, in storage too. */
class HistoryCollectionTest {

    @Test
    void storageForgetsHistoryTheRegionNoLongerNeeds() {
        SimConfig config = SimConfig.builder().workload(WorkloadSpec.parse("kv:records=20,min=1,max=2"))
                .loadMicros(6_000_000).build();
        SimCluster cluster = new SimCluster(config, 5, ProcedureRegistry.empty(), new Trace(0), r -> { });
        cluster.start();
        cluster.loop().runUntil(8_000_000);
        for (SimRegion region : cluster.regions()) {
            List<ChainKey> keys = region.store().listKeys("kv").toCompletableFuture().join();
            int collected = 0;
            for (ChainKey k : keys) {
                PartitionImage image = region.store().loadPartition(k).toCompletableFuture().join();
                if (image.base().isAfter(Version.of(0, 1))) {
                    collected++;
                }
                assertThat(image.after().size()).as("history kept for %s in %s", k, region.name()).isLessThan(400);
            }
            assertThat(collected).as("keys with collected history in %s", region.name()).isGreaterThan(keys.size() / 2);
        }
    }
}
