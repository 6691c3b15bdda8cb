package io.catena.server.host;

import io.catena.core.id.NodeId;
import io.catena.core.message.Message;

/**
 * Where a node's outgoing messages go: to another node of this process, to a peer region's
 * process, or to a client connection. Threading: called from node threads concurrently.
 */
@FunctionalInterface
public interface MessageRoute {
    void route(NodeId from, NodeId to, Message message);
}
