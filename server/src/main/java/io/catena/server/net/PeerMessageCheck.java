package io.catena.server.net;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.protocol.PeerRule;
import io.catena.server.host.MicrosClock;
import io.catena.wire.NodeMessage;

/**
 * What a peer region may send this one, checked before anything reaches a node: the message must
 * come from a node of the link's region and go to a node of this one, and then pass the rule of
 * the protocol the cluster runs ({@link io.catena.core.protocol.ProtocolPlugin#peerRule}), which
 * judges it against the peer's protocol clock: this process's cluster clock plus the peer's epoch
 * offset. What fails is dropped whole and the peer told why.
 *
 * <p>Immutable; any thread.
 */
public final class PeerMessageCheck {

    private final ClusterConfig config;
    private final RegionId local;
    private final MicrosClock clock;
    private final PeerRule rule;

    /**
     * @param config the cluster's protocol settings (regions, epoch length)
     * @param local  this process's region
     * @param clock  this process's cluster clock, counting from the cluster's genesis; a peer's
     *               protocol clock is taken to read it plus the peer's epoch offset
     * @param rule   the protocol's rule for what its peers send
     */
    public PeerMessageCheck(ClusterConfig config, RegionId local, MicrosClock clock, PeerRule rule) {
        this.config = config;
        this.local = local;
        this.clock = clock;
        this.rule = rule;
    }

    /**
     * Why {@code m}, received on the link from region {@code peer}, is refused, in one sentence;
     * null if it may be delivered.
     */
    public String problem(RegionId peer, NodeMessage m) {
        if (!m.from().region().equals(peer)) {
            return "a message claims to come from " + m.from() + " on region " + config.regionName(peer) + "'s link";
        }
        if (!m.to().region().equals(local) || m.to().role() == NodeId.Role.CLIENT) {
            return "a message is addressed to " + m.to() + ", which is not a node of this region";
        }
        return rule.problem(peer, m.from(), m.to(), m.message(), peerClockMicros(peer));
    }

    /**
     * Where {@code peer}'s protocol clock should be now as this process's clock reads it: a region
     * whose epochs run ahead on purpose is judged by its own epochs, so its offset is no skew.
     */
    long peerClockMicros(RegionId peer) {
        return Math.max(0, clock.signedNowMicros() + config.epochOffsetMicros(peer));
    }
}
