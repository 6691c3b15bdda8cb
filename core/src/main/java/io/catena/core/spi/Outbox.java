package io.catena.core.spi;

import io.catena.core.id.NodeId;
import io.catena.core.message.Message;

/**
 * Where a node puts the messages it sends. Threading: called only from the node's own thread,
 * during a step. Ordering: the host delivers messages between two nodes in the order they were
 * sent unless the link loses them; inter-region links may also reorder and duplicate, and the
 * protocol tolerates it. Ownership: messages are immutable and may be shared.
 */
public interface Outbox {
    void send(NodeId to, Message message);
}
