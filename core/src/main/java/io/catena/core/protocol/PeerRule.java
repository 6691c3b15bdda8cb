package io.catena.core.protocol;

import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;

/**
 * What a peer region may send this one, checked at the edge before anything reaches a node: the
 * protocol's nodes trust what their peers send, so a message no healthy peer sends is dropped and
 * the peer told why. The host has already checked that the sender is of region {@code peer} and
 * the addressee a node of this region.
 *
 * <p>Immutable; any thread. Every message from a peer passes here, so a check should cost
 * comparisons only and build its sentence only when something is wrong.
 */
@FunctionalInterface
public interface PeerRule {

    /**
     * Why {@code message}, from {@code from} to {@code to} on the link from region {@code peer},
     * is refused, in one sentence; null if it may be delivered. {@code nowMicros} is where the
     * peer's protocol clock should be now (the cluster clock plus the peer's epoch offset), for rules
     * that bound what a peer's clock may have reached.
     */
    String problem(RegionId peer, NodeId from, NodeId to, Message message, long nowMicros);
}
