package io.catena.core.config;

import io.catena.core.data.ChainKey;
import io.catena.core.spi.StorageLocality;

/**
 * Places each chain key on a chain server beside the storage node that holds it (Catenae §VI-C:
 * a hop's reads and writes then stay on one machine). Chain server {@code s} runs beside storage
 * node {@code s mod N} of the N nodes; a node's keys are spread over its chain servers by
 * {@link HashPlacement}'s hash. With fewer chain servers than storage nodes, node {@code i}'s keys
 * go to server {@code i mod S}, so every chain server still gets work.
 *
 * <p>A pure function of the key as long as the locality snapshot does not change, which is what
 * {@link StorageLocality} promises for the life of a process.
 */
public final class LocalityPlacement implements Placement {

    private final StorageLocality locality;
    private final int servers;
    private final int nodes;

    public LocalityPlacement(StorageLocality locality, int servers) {
        if (servers < 1) {
            throw new IllegalArgumentException("a region needs at least one chain server");
        }
        this.locality = locality;
        this.servers = servers;
        this.nodes = locality.storageNodes().size();
        if (nodes < 1) {
            throw new IllegalArgumentException("the store reports no storage nodes");
        }
    }

    @Override
    public int serverFor(ChainKey key) {
        int node = locality.storageNodeOf(key);
        if (node < 0 || node >= nodes) {
            throw new IllegalStateException("the store placed " + key + " on node " + node + " of " + nodes);
        }
        if (servers <= nodes) {
            return node % servers;
        }
        // Servers node, node + N, node + 2N, ... run beside this node.
        int beside = (servers - node + nodes - 1) / nodes;
        return node + nodes * HashPlacement.hashSlot(key, beside);
    }

    @Override
    public int servers() {
        return servers;
    }

    /** The storage node chain server {@code server} runs beside. */
    public int nodeOf(int server) {
        return server % nodes;
    }
}
