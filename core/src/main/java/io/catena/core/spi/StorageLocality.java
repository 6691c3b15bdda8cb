package io.catena.core.spi;

import io.catena.core.data.ChainKey;
import io.catena.core.membership.KeyPositions;
import io.catena.core.membership.StoreLayout;
import java.util.List;

/**
 * Where a distributed store keeps each chain key: implemented by adapters whose region spans
 * several storage nodes (Cassandra's token ring, HBase's region servers), so that a host can place
 * each chain server beside the node that holds its keys and a hop's reads and writes stay local.
 * Placement only decides locality, never correctness: any chain server can read and write any key.
 *
 * <p>{@link #positions()} is a pure function, the same in every process of a region, so that an
 * ownership map built from one node's {@link #layout()} places keys alike on all of them.
 * {@link #layout()} reads the store's layout as it is now (the store may move keys: a node joins
 * the ring, HBase's balancer moves a region); a host polls it, off the hot path, and turns a change
 * into a new ownership map adopted from a membership epoch on. {@link #storageNodes()} and
 * {@link #storageNodeOf} are the layout as it was when the adapter connected, for a placement fixed
 * for the life of the process; while the store does not move keys,
 * {@code storageNodeOf(key) == layout().nodeOf(positions().positionOf(key))}.
 *
 * <p>Threading: every method may be called from any thread; {@link #layout()} blocks for a round
 * trip to the store's metadata, the others do not.
 */
public interface StorageLocality {

    /** The storage nodes of this region when the adapter connected, in a stable order (by name). Never empty. */
    List<String> storageNodes();

    /** The index in {@link #storageNodes()} of the node that held {@code key} (its primary replica) at connect. */
    int storageNodeOf(ChainKey key);

    /** Where each chain key sits in the store's own order of keys: pure, alike in every process. */
    KeyPositions positions();

    /**
     * The store's ranges of {@link #positions()} and the storage node (by {@code host:port}) that
     * holds each, read from the store now. Blocks.
     */
    StoreLayout layout();

    /**
     * How many store calls stayed on the storage node this adapter is pinned to, and how many
     * involved another: the share of a chain server's storage traffic that stayed on its own
     * machine. Zero for an adapter not pinned to a node.
     */
    LocalityCounts localityCounts();
}
