package io.catena.server.net;

import io.catena.core.id.NodeId;

/**
 * How much client work a region accepts before it pushes back: when the coordinator's queue of
 * unprocessed steps is longer than {@code maxCoordinatorBacklog}, new client requests are
 * answered OVERLOADED at once instead of queueing without bound.
 */
public record IntakeLimits(NodeId coordinator, int maxCoordinatorBacklog) {

    public IntakeLimits {
        if (maxCoordinatorBacklog <= 0) {
            throw new IllegalArgumentException("the coordinator backlog limit must be positive");
        }
    }
}
