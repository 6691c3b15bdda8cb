package io.catena.wire;

import io.catena.core.id.NodeId;
import io.catena.core.message.Message;

/** A protocol message between two nodes in different processes, with both addresses. */
public record NodeMessage(NodeId from, NodeId to, Message message) implements Frame {

    public NodeMessage {
        if (from == null || to == null || message == null) {
            throw new IllegalArgumentException("a node message has a sender, a receiver and a message");
        }
    }

    @Override
    public FrameKind kind() {
        return FrameKind.NODE_MESSAGE;
    }
}
