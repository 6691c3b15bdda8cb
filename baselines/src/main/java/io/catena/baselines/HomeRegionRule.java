package io.catena.baselines;

import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.ClaimReply;
import io.catena.baselines.message.CommitApplied;
import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.ReleaseKeys;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.protocol.PeerRule;

/**
 * What a peer region may send under a baseline: coordinators exchange its five messages only. A
 * home sends claims, releases and commits of its own transactions; answers come back to the
 * transaction's home. Immutable; any thread.
 */
final class HomeRegionRule implements PeerRule {

    private final ClusterConfig config;
    private final RegionId local;
    private final String protocol;

    HomeRegionRule(ClusterConfig config, RegionId local, String protocol) {
        this.config = config;
        this.local = local;
        this.protocol = protocol;
    }

    @Override
    public String problem(RegionId peer, NodeId from, NodeId to, Message body, long nowMicros) {
        if (from.role() != NodeId.Role.COORDINATOR || to.role() != NodeId.Role.COORDINATOR) {
            return "a " + protocol + " message goes from coordinator to coordinator, not from " + from + " to " + to;
        }
        TxnId txn = fromHome(body);
        RegionId home = peer;
        if (txn == null) {
            txn = toHome(body);
            home = local;
        }
        if (txn == null) {
            return "region links of a " + protocol + " cluster carry its claims, releases and commits, not "
                    + body.type();
        }
        if (!txn.origin().equals(home)) {
            return "a " + body.type() + " on region " + config.regionName(peer) + "'s link is about " + txn
                    + ", whose home is not region " + config.regionName(home);
        }
        return null;
    }

    /** The transaction a message its home sends is about: a claim, a release or a commit; else null. */
    private static TxnId fromHome(Message body) {
        if (body instanceof ClaimKeys c) {
            return c.txn();
        }
        if (body instanceof ReleaseKeys r) {
            return r.txn();
        }
        return body instanceof CommitWrites c ? c.txn() : null;
    }

    /** The transaction an answer to its home is about: a claim's reply or a commit's acknowledgement; else null. */
    private static TxnId toHome(Message body) {
        if (body instanceof ClaimReply r) {
            return r.txn();
        }
        return body instanceof CommitApplied a ? a.txn() : null;
    }
}
