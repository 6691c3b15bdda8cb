package io.catena.storage.cassandra.local;

import java.util.ArrayList;
import java.util.List;

/**
 * Where one local Cassandra node sits in its cluster: node {@code index} of {@code count}, listening
 * on its own loopback address {@code 127.0.0.(index + 1)}, in data centre {@code datacenter}, joining
 * through the first node (the seed). Its tokens are fixed and spread evenly over the ring with the
 * other nodes' ({@value #TOKENS_PER_NODE} each, interleaved), so a fresh cluster needs no token
 * allocation, no bootstrap streaming, and splits keys alike on every run.
 */
record NodePlace(int index, int count, String datacenter) {

    /** Few tokens: a local node holds little, and every token is a range in a region's layout. */
    static final int TOKENS_PER_NODE = 4;

    /** Loopback addresses 127.0.0.1 to this: Linux routes all of 127/8 to the loopback device. */
    static final int MAX_NODES = 9;

    NodePlace {
        if (count < 1 || count > MAX_NODES || index < 0 || index >= count) {
            throw new IllegalArgumentException("a local Cassandra cluster has 1 to " + MAX_NODES
                    + " nodes, numbered from 0; got node " + index + " of " + count);
        }
        if (datacenter == null || !datacenter.matches("[A-Za-z0-9_-]+")) {
            throw new IllegalArgumentException("a data centre name is letters, digits, '-' and '_', got " + datacenter);
        }
    }

    /** The one node of a single-node cluster, in Cassandra's default data centre. */
    static NodePlace alone() {
        return new NodePlace(0, 1, CassandraYaml.DATACENTER);
    }

    /** The node's listen, broadcast and CQL address. */
    String address() {
        return "127.0.0.".concat(Integer.toString(index + 1));
    }

    /** The address of the node every other joins through. */
    String seedAddress() {
        return "127.0.0.1";
    }

    boolean isSeed() {
        return index == 0;
    }

    /**
     * Token {@code k} of the cluster's {@code count * TOKENS_PER_NODE} is the middle of the
     * {@code k}-th equal slice of the ring; node {@code index} takes every {@code count}-th.
     */
    List<Long> tokens() {
        int total = count * TOKENS_PER_NODE;
        long slice = Long.divideUnsigned(-1L, total);
        List<Long> tokens = new ArrayList<>(TOKENS_PER_NODE);
        for (int k = index; k < total; k += count) {
            tokens.add(Long.MIN_VALUE + slice / 2 + slice * k);
        }
        return tokens;
    }
}
