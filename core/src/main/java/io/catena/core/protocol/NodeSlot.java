package io.catena.core.protocol;

import io.catena.core.id.NodeId;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.ProtocolNode;

/**
 * One node a region runs: its id and how to make it, the first time or again after a crash.
 *
 * @param id    the node's id, unique in the cluster
 * @param start makes the node on its host's ports; called once per incarnation
 */
public record NodeSlot(NodeId id, Start start) {

    /** Makes a node; the host calls it on the thread that will own the node. */
    @FunctionalInterface
    public interface Start {
        ProtocolNode node(NodePorts ports, NodeStart how);
    }
}
