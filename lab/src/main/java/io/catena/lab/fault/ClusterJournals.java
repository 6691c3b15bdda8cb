package io.catena.lab.fault;

import io.catena.core.spi.StorageEngine;
import io.catena.harness.run.ClusterAudit;
import io.catena.storage.memory.MemoryStorageEngine;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The final state of a stopped {@link ThreeRegionProcesses} cluster, read back from its journals:
 * a split region's from its chain servers' ({@link PartitionedStores}). Closing it closes the stores.
 */
public final class ClusterJournals implements AutoCloseable {

    private final List<ClusterAudit.RegionState> states;

    private ClusterJournals(List<ClusterAudit.RegionState> states) {
        this.states = states;
    }

    /** Opens the journals of {@code cluster}, whose processes must all have stopped. */
    public static ClusterJournals open(ThreeRegionProcesses cluster) throws IOException {
        List<ClusterAudit.RegionState> states = new ArrayList<>();
        List<String> regions = ThreeRegionProcesses.REGIONS;
        try {
            for (int i = 0; i < regions.size(); i++) {
                states.add(new ClusterAudit.RegionState(regions.get(i), store(cluster, i)));
            }
            return new ClusterJournals(states);
        } catch (IOException | RuntimeException e) {
            states.forEach(s -> s.store().close());
            throw e;
        }
    }

    private static StorageEngine store(ThreeRegionProcesses cluster, int region) throws IOException {
        // Every process of a region with a standby, its chain servers' too when split, shares its Cassandra server.
        if (region == 0 && cluster.layout().standbyFirst()) {
            return cluster.standbyServers().openStore(ThreeRegionProcesses.CLUSTER, ThreeRegionProcesses.REGIONS.get(0));
        }
        if (region != 0 || !cluster.layout().splitFirst()) {
            return new MemoryStorageEngine(cluster.journal(region));
        }
        List<StorageEngine> parts = new ArrayList<>();
        for (int s = 0; s < ThreeRegionProcesses.CHAIN_SERVERS; s++) {
            parts.add(new MemoryStorageEngine(cluster.chainServerJournal(s)));
        }
        return new PartitionedStores(parts);
    }

    /** Each region's state, in region order. */
    public List<ClusterAudit.RegionState> states() {
        return states;
    }

    @Override
    public void close() {
        states.forEach(s -> s.store().close());
    }
}
