package io.catena.baselines;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.ClaimKeys;
import io.catena.core.message.ClaimReply;
import io.catena.core.message.CommitApplied;
import io.catena.core.message.CommitWrites;
import io.catena.core.message.Message;
import io.catena.core.message.ReleaseKeys;
import io.catena.core.protocol.PeerRule;

/**
 * What a peer region may send under a baseline: coordinators exchange its five messages only. A
 * home sends claims, releases and commits of its own transactions; answers come back to the
 * transaction's home. Immutable; any thread.
 */
final class HomeRegionRule implements PeerRule {

    private final ClusterConfig config;
    private final RegionId local;
    private final Protocol protocol;

    HomeRegionRule(ClusterConfig config, RegionId local, Protocol protocol) {
        this.config = config;
        this.local = local;
        this.protocol = protocol;
    }

    @Override
    public String problem(RegionId peer, NodeId from, NodeId to, Message body, long nowMicros) {
        if (from.role() != NodeId.Role.COORDINATOR || to.role() != NodeId.Role.COORDINATOR) {
            return "a " + protocol + " message goes from coordinator to coordinator, not from " + from + " to " + to;
        }
        TxnId txn;
        RegionId home;
        if (body instanceof ClaimKeys c) {
            txn = c.txn();
            home = peer;
        } else if (body instanceof ReleaseKeys r) {
            txn = r.txn();
            home = peer;
        } else if (body instanceof CommitWrites c) {
            txn = c.txn();
            home = peer;
        } else if (body instanceof ClaimReply r) {
            txn = r.txn();
            home = local;
        } else if (body instanceof CommitApplied a) {
            txn = a.txn();
            home = local;
        } else {
            return "region links of a " + protocol + " cluster carry its claims, releases and commits, not "
                    + body.type();
        }
        if (!txn.origin().equals(home)) {
            return "a " + body.type() + " on region " + config.regionName(peer) + "'s link is about " + txn
                    + ", whose home is not region " + config.regionName(home);
        }
        return null;
    }
}
