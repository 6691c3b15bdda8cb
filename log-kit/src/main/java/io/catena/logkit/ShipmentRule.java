package io.catena.logkit;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;
import io.catena.core.protocol.PeerRule;
import io.catena.logkit.message.LogShipment;

/**
 * What a peer region may send under a log protocol: its log shipments only, coordinator to coordinator,
 * stamped with its own index. Records of other origins may ride along (logs are transitive).
 * Immutable; any thread.
 */
public final class ShipmentRule implements PeerRule {

    private final ClusterConfig config;
    private final String protocol;

    public ShipmentRule(ClusterConfig config, String protocol) {
        this.config = config;
        this.protocol = protocol;
    }

    @Override
    public String problem(RegionId peer, NodeId from, NodeId to, Message body, long nowMicros) {
        if (from.role() != NodeId.Role.COORDINATOR || to.role() != NodeId.Role.COORDINATOR) {
            return "a " + protocol + " message goes from coordinator to coordinator, not from " + from + " to " + to;
        }
        if (!(body instanceof LogShipment s)) {
            return "region links of a " + protocol + " cluster carry log shipments only, not " + body.type();
        }
        if (s.shipment().sender() != peer.index() || s.shipment().timetable().regions() != config.regionCount()) {
            return "a log shipment on region " + config.regionName(peer) + "'s link must be its own, for "
                    + config.regionCount() + " regions";
        }
        return null;
    }
}
