package io.catena.core.membership;

import java.util.List;

/**
 * How a store spreads its keys over its storage nodes, as the store reports it now: Cassandra's
 * token ranges and their primary replicas, HBase's regions and their region servers. A snapshot;
 * the store may move keys later (HBase's balancer, a node leaving the ring), and a host that polls
 * it turns a change into a new {@link OwnershipMap} that the region adopts from a membership epoch
 * on.
 *
 * @param scheme the {@link KeyPositions#scheme()} the ranges are positions of
 * @param nodes  the storage nodes by name ({@code host:port}), in a stable order; never empty
 * @param ranges ranges of positions, owned by an index into {@code nodes}, sorted, the first
 *               starting at the empty position
 */
public record StoreLayout(String scheme, List<String> nodes, List<KeyRange> ranges) {

    public StoreLayout {
        nodes = List.copyOf(nodes);
        ranges = List.copyOf(ranges);
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("the store reports no storage nodes");
        }
        for (KeyRange r : ranges) {
            if (r.owner() >= nodes.size()) {
                throw new IllegalArgumentException("range " + r + " names storage node " + r.owner() + " of "
                        + nodes.size());
            }
        }
        OwnershipMap.checkSorted(ranges);
    }

    /** The index of the node that holds {@code position}. */
    public int nodeOf(byte[] position) {
        return ranges.get(OwnershipMap.indexOf(ranges, position)).owner();
    }
}
