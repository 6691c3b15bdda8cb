package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.server.storage.StoreHealth;

/**
 * When a region pushes back on client work: when the coordinator's queue of unprocessed steps is
 * longer than {@code maxCoordinatorBacklog}, or while the region's store has been failing (see
 * {@link StoreHealth}), new client requests are answered OVERLOADED at once, with the reason,
 * instead of queueing without bound or waiting for a store that does not answer. The client
 * library offers a refused request again after a pause, and reports it as not run
 * ({@code UnavailableException}, retryable) if its time budget runs out first.
 */
public record IntakeLimits(NodeId coordinator, int maxCoordinatorBacklog, StoreHealth store) {

    public IntakeLimits {
        if (maxCoordinatorBacklog <= 0) {
            throw new IllegalArgumentException("the coordinator backlog limit must be positive");
        }
    }

    /** Limits over a store whose health is not watched (it always counts as answering). */
    public IntakeLimits(NodeId coordinator, int maxCoordinatorBacklog) {
        this(coordinator, maxCoordinatorBacklog, new StoreHealth());
    }
}
