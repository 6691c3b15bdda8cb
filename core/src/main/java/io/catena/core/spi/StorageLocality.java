package io.catena.core.spi;

import io.catena.core.membership.KeyPositions;
import io.catena.core.membership.StoreLayout;

/**
 * Where a distributed store keeps each chain key: offered by adapters whose region spans several
 * storage nodes (Cassandra's token ring, HBase's region servers) through
 * {@link StorageEngine#locality()}, so that a host can place each chain server beside the node
 * that holds its keys and a hop's reads and writes stay local. Placement only decides locality,
 * never correctness: any chain server can read and write any key.
 *
 * <p>{@link #positions()} is a pure function, the same in every process of a region, so that an
 * ownership map built from one node's {@link #layout()} places keys alike on all of them. The
 * storage node that holds a key now is {@code layout().nodeOf(positions().positionOf(key))}, an
 * index into {@code layout().nodes()}. {@link #layout()} reads the store's layout as it is now
 * (the store may move keys: a node joins the ring, HBase's balancer moves a region); a host polls
 * it, off the hot path, and turns a change into a new ownership map adopted from a membership
 * epoch on.
 *
 * <p>Threading: every method may be called from any thread; {@link #layout()} blocks for a round
 * trip to the store's metadata, the others do not.
 */
public interface StorageLocality {

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
